import { getSettle, MANUAL_ACCOUNT_FILTER } from '@vendo/contract/api/funds';
import { describe, expect, it } from 'vitest';
import { pageRequest } from '../../../lib/paging';
import {
  accountFilterOf,
  accountRecordsPath,
  filtersFromParams,
  filtersToParams,
  settleCondition,
  type SettleFilters,
} from './settle-filters';

const TZ = 'Asia/Shanghai';
// 2026-03-18 10:00 in Shanghai.
const NOW = Date.UTC(2026, 2, 18, 2, 0, 0);

const parse = (query: string) => filtersFromParams(new URLSearchParams(query), { now: NOW, timeZone: TZ });

describe('the settlement filters in the address', () => {
  it('default to every record of every account, page 1', () => {
    const f = parse('');
    expect(f).toMatchObject({ page: 1, status: null, account: null });
    expect(f.range.mode).toBe('none');
    expect(filtersToParams(f, TZ).toString()).toBe('');
    expect(settleCondition(f, TZ)).toEqual({
      settle_status: undefined,
      merchant_id: undefined,
    });
  });

  it('read a month, a state, an account and a page, and write them back the same', () => {
    const query = 'range=month&from=2026-02-01&status=fail&account=12&page=3';
    const f = parse(query);
    expect(f).toMatchObject({ page: 3, status: 'fail', account: '12' });
    expect(f.range.mode).toBe('month');
    expect(filtersToParams(f, TZ).toString()).toBe(query);
    expect(settleCondition(f, TZ)).toEqual({
      start_date: '2026-02-01',
      end_date: '2026-02-28',
      settle_status: 'fail',
      merchant_id: '12',
    });
  });

  it('keep custom days, and end the current week today', () => {
    const custom = parse('range=custom&from=2026-03-01&to=2026-03-10');
    expect(settleCondition(custom, TZ)).toMatchObject({ start_date: '2026-03-01', end_date: '2026-03-10' });
    const week = parse('range=week&from=2026-03-16');
    expect(settleCondition(week, TZ)).toMatchObject({ start_date: '2026-03-16', end_date: '2026-03-18' });
  });

  it('drop what a hand-edited address gets wrong', () => {
    const f = parse('range=year&from=x&status=unknown&account=12a&page=-2');
    expect(f).toMatchObject({ page: 1, status: null, account: null });
    expect(f.range.mode).toBe('none');
    expect(parse('range=custom&from=2026-03-10&to=2026-04-30').range.mode).toBe('none');
    expect(parse('range=month&from=2026-05-01').range.mode).toBe('none');
  });

  it('make a request the contract accepts, its days as YYYYMMDD', () => {
    const f: SettleFilters = parse('range=month&from=2026-02-01&status=settling&account=7');
    const body = getSettle.request.parse({ ...pageRequest(2, 10), condition: settleCondition(f, TZ) });
    expect(body.condition).toEqual({
      start_date: '20260201',
      end_date: '20260228',
      settle_status: 'settling',
      merchant_id: '7',
    });
    expect(body).toMatchObject({ pageNum: 2, pageSize: 10 });
  });

  it('link /fund to one account: a card by its id, the manual-transfer account by its filter name', () => {
    const card = { merchant_id: '42', manual_transfer: 0 as const };
    const manual = { merchant_id: '', manual_transfer: 1 as const };
    expect(accountRecordsPath(card)).toBe('/settle?account=42');
    expect(parse(accountRecordsPath(card).split('?')[1]!).account).toBe('42');
    expect(accountFilterOf(manual)).toBe(MANUAL_ACCOUNT_FILTER);
    expect(accountRecordsPath(manual)).toBe('/settle?account=manual');
    expect(parse(accountRecordsPath(manual).split('?')[1]!).account).toBe('manual');
  });

  it('ask the server for the manual-transfer account by its filter name, never by its empty merchant_id', () => {
    const f = parse('account=manual');
    expect(f.account).toBe('manual');
    expect(filtersToParams(f, TZ).toString()).toBe('account=manual');
    const body = getSettle.request.parse({ ...pageRequest(1, 10), condition: settleCondition(f, TZ) });
    expect(body.condition.merchant_id).toBe(MANUAL_ACCOUNT_FILTER);
    expect(parse('account=Manual').account).toBeNull();
  });
});
