import { getBuyBill, getPayBill } from '@vendo/contract/api/orders';
import { describe, expect, it } from 'vitest';
import { earliestAllowedStart } from '@vendo/contract/constants';
import {
  customDayBounds,
  customRange,
  dayStart,
  initialRange,
} from '../../../components/time-range-picker/time-range';
import {
  billCondition,
  filtersFromParams,
  filtersToParams,
  NO_TEXT_FILTERS,
  rangeModes,
  textFilterCount,
  type BillFilters,
} from './bill-filters';

const SH = 'Asia/Shanghai';
const DAY = 86_400_000;
// Wednesday 2026-11-25 14:30 in Shanghai.
const NOW = Date.UTC(2026, 10, 25, 6, 30);
const options = { canBeAbnormal: true, now: NOW, timeZone: SH };
const from = (query: string, o = options) => filtersFromParams(new URLSearchParams(query), o);
const to = (filters: BillFilters) => filtersToParams(filters, { now: NOW, timeZone: SH }).toString();

const TODAY: BillFilters = {
  ...NO_TEXT_FILTERS,
  page: 1,
  range: initialRange('day', NOW, SH),
  status: null,
  client: null,
  store: null,
  abnormal: false,
};

describe('the store filter', () => {
  it('keeps the store in the address and sends it as the condition', () => {
    const filters = from('store=7');
    expect(filters.store).toBe(7);
    expect(to(filters)).toBe('store=7');
    expect(billCondition(filters, SH).store).toBe(7);
    expect(billCondition(TODAY, SH).store).toBeUndefined();
  });

  it('leaves out a store that is not an id', () => {
    expect(from('store=x').store).toBeNull();
    expect(from('store=0').store).toBeNull();
  });
});

describe('bill filters in the address', () => {
  it('opens on today, and the abnormal list on every day', () => {
    expect(from('')).toEqual(TODAY);
    expect(to(TODAY)).toBe('');
    const abnormal = from('abnormal=true');
    expect(abnormal).toEqual({ ...TODAY, abnormal: true, range: initialRange('none', NOW, SH) });
    expect(to(abnormal)).toBe('abnormal=true');
    expect(rangeModes(true)[0]).toBe('none');
    expect(rangeModes(false)).not.toContain('none');
  });

  it('keeps every condition of spec §3 across a reload', () => {
    const filters: BillFilters = {
      page: 3,
      range: { mode: 'custom', start: dayStart('2026-11-02', SH), end: dayStart('2026-11-11', SH) - 1 },
      status: 4,
      client: 'wechat',
      store: 7,
      sn: '8600123',
      orderNo: 'V2026112500001',
      cardno: 'C-001',
      merchantOrder: '4200001234',
      priceStart: 150,
      priceEnd: 1000,
      abnormal: false,
    };
    const query = to(filters);
    expect(query).toBe(
      'range=custom&from=2026-11-02&to=2026-11-10&status=4&client=wechat&store=7&sn=8600123&order_no=V2026112500001' +
        '&cardno=C-001&merchant_order=4200001234&price_start=1.50&price_end=10.00&page=3',
    );
    expect(from(query)).toEqual(filters);
  });

  it('keeps a week, a month or another day, ending no later than now', () => {
    const week = from('range=week&from=2026-11-23');
    expect(week.range).toEqual({ mode: 'week', start: dayStart('2026-11-23', SH), end: NOW });
    expect(to(week)).toBe('range=week&from=2026-11-23');
    const october = from('range=month&from=2026-10-01');
    expect(october.range).toEqual({
      mode: 'month',
      start: dayStart('2026-10-01', SH),
      end: dayStart('2026-11-01', SH) - 1,
    });
    const yesterday = from('range=day&from=2026-11-24');
    expect(to(yesterday)).toBe('range=day&from=2026-11-24');
    // The abnormal list on today writes its range: its default is every day.
    expect(to({ ...TODAY, abnormal: true })).toBe('abnormal=true&range=day&from=2026-11-25');
  });

  it('ignores what a hand-edited address gets wrong', () => {
    const wrong = [
      'range=week&from=someday',
      'range=day&from=2026-12-01',
      'range=custom&from=2026-11-20&to=2026-11-30',
      'range=none',
      'range=year&from=2026-01-01',
      'status=42',
      'client=cheque',
      'sn=86abc',
      'price_start=x',
      'price_start=5&price_end=1',
      'page=0',
      'page=-2',
      `order_no=${'9'.repeat(65)}`,
    ];
    for (const query of wrong) expect(from(query), query).toEqual(TODAY);
    // Only /buyBill has an abnormal list.
    expect(from('abnormal=true', { ...options, canBeAbnormal: false }).abnormal).toBe(false);
  });

  it('counts the conditions of the filter sheet for its button', () => {
    expect(textFilterCount(TODAY)).toBe(0);
    expect(textFilterCount(from('sn=86&cardno=C-1&price_start=1&price_end=2'))).toBe(3);
  });
});

describe('billCondition', () => {
  it('asks for whole days, so sales made while the list is open appear on refresh', () => {
    const condition = billCondition(TODAY, SH);
    expect(condition.start_time).toBe(dayStart('2026-11-25', SH));
    expect(condition.end_time).toBe(dayStart('2026-11-26', SH));
    expect(getBuyBill.request.safeParse({ pageNum: 1, pageSize: 10, condition }).success).toBe(true);
  });

  it('sends the widest custom range the picker offers within the rule the server checks', () => {
    for (const end of ['2026-11-25', '2026-11-10']) {
      const picked = customRange('2026-11-01', end, NOW, SH);
      if (!picked.ok) throw new Error(picked.error);
      const first = customDayBounds(picked.range, NOW, SH).startMin;
      const widest = customRange(first, end, NOW, SH);
      if (!widest.ok) throw new Error(widest.error);
      const { start_time: start = 0, end_time: last = 0 } = billCondition(
        { ...TODAY, range: widest.range },
        SH,
      );
      // The list's end is exclusive, its last instant end − 1 (bills-service checks the same): within a day of it.
      const limit = earliestAllowedStart(last - 1, NOW);
      expect(start).toBeGreaterThanOrEqual(limit);
      expect(start - DAY).toBeLessThan(limit);
    }
  });

  it('sends no times for the abnormal list of every day, and every condition set', () => {
    const condition = billCondition(from('abnormal=true&status=5&client=alipay&price_end=3'), SH);
    expect(condition).not.toHaveProperty('start_time');
    expect(condition).not.toHaveProperty('end_time');
    expect(condition).toMatchObject({ status: 5, client: 'alipay', price_end: 300 });
    expect(getPayBill.request.safeParse({ pageNum: 1, pageSize: 10, condition }).success).toBe(true);
  });
});
