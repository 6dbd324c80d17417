import { detail, SERIES_BUCKETS as CONTRACT_BUCKETS } from '@vendo/contract/api/analytics';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '../../../lib/query-keys';
import { detailCall, SERIES_BUCKETS, salesDetailBody, salesDetailQuery } from './dashboard-calls';

const NOW = Date.UTC(2026, 10, 27, 4);
const range = { mode: 'day', start: NOW - 3_600_000, end: NOW } as const;

const analysis = {
  count: 2,
  income: 1000,
  refund: 0,
  wxIncome: 0,
  alipayIncome: 650,
  otherIncome: 350,
  successCount: 2,
  successRate: 10000,
  refundCount: 0,
  refundRate: 0,
  wxCount: 0,
  wxRate: 0,
  alipayCount: 1,
  alipayRate: 5000,
  otherCount: 1,
  abnormalCount: 0,
  costPrice: 480,
  profit: 520,
  price: 500,
};
const record = {
  key: 9,
  label: '09:00',
  hour: 9,
  weekDay: null,
  day: null,
  month: null,
  count: 1,
  income: 650,
  refund: 0,
  successCount: 1,
  refundCount: 0,
  wechatIncome: 0,
  alipayIncome: 650,
  otherIncome: 0,
  wechatRefund: 0,
  alipayRefund: 0,
  otherRefund: 0,
  wechatCount: 0,
  alipayCount: 1,
  otherCount: 0,
  costPrice: null,
  profit: null,
};
const valid = {
  bucket: 'hour',
  analysis,
  records: [record, { ...record, key: 10, label: '10:00', hour: 10 }],
  range: { start_time: NOW - 3_600_000, end_time: NOW + 0.5 },
};

const WRONG: unknown[] = [undefined, null, '1', 1.5, -1, 2 ** 60, true, Infinity, 'hour', [], {}];

/** Variations of an object: each field missing or wrong, plus an extra field. */
function around(value: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{ ...value, extra: 1 }];
  for (const key of Object.keys(value)) {
    const { [key]: _left, ...without } = value;
    out.push(without);
    for (const wrong of WRONG) out.push({ ...value, [key]: wrong });
  }
  return out;
}

// The sales tab's call is checked by hand (no zod on the dashboard's first screen); it must be the contract's.
describe('/a/detail without zod', () => {
  it('uses the contract path and access, and its buckets', () => {
    expect([detailCall.path, detailCall.auth]).toEqual([detail.path, detail.auth]);
    expect(SERIES_BUCKETS).toEqual(CONTRACT_BUCKETS);
  });

  it('accepts what the contract schema accepts, with the same result', () => {
    const samples: unknown[] = [
      valid,
      { ...valid, records: [] },
      { ...valid, records: {} },
      { ...valid, records: [record, null] },
      null,
      [],
      ...around(valid),
      ...around(analysis).map((a) => ({ ...valid, analysis: a })),
      ...around(record).map((r) => ({ ...valid, records: [record, r] })),
      ...around(valid.range).map((r) => ({ ...valid, range: r })),
      ...['weekDay', 'day', 'month', 'year', 'Hour'].map((bucket) => ({ ...valid, bucket })),
    ];
    for (const sample of samples) {
      const ours = detailCall.response.safeParse(sample);
      const theirs = detail.response.safeParse(sample);
      expect(ours.success, JSON.stringify(sample)).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
    }
  });

  it("keys the query as the contract call's, with the sales tab's body", () => {
    expect(salesDetailQuery(range).queryKey).toEqual(queryKeyOf(detail, salesDetailBody(range)));
  });
});
