import type { SalesRecord } from '@vendo/contract/api/analytics';
import { describe, expect, it } from 'vitest';
import { axisLabel, type WeekdayNames } from './buckets';
import { escapeHtml, lineChartOption, tipHtml } from './chart-option';
import { goodsChartData, salesChartData, type SeriesTexts } from './series-data';

const WEEKDAYS: WeekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const TEXTS: SeriesTexts = {
  income: 'Income',
  refund: 'Refunded',
  successCount: 'Successful',
  refundCount: 'Refunds',
  wechat: 'WeChat',
  alipay: 'Alipay',
  cost: 'Cost',
  profit: 'Profit',
  units: 'Units',
};

function record(over: Partial<SalesRecord>): SalesRecord {
  return {
    key: 0,
    label: '',
    hour: null,
    weekDay: null,
    day: null,
    month: null,
    count: 0,
    income: 0,
    refund: 0,
    successCount: 0,
    refundCount: 0,
    wechatIncome: 0,
    alipayIncome: 0,
    otherIncome: 0,
    wechatRefund: 0,
    alipayRefund: 0,
    otherRefund: 0,
    wechatCount: 0,
    alipayCount: 0,
    otherCount: 0,
    costPrice: null,
    profit: null,
    ...over,
  };
}

describe('axis labels', () => {
  it('shows hours as HH:00, weekdays by name from Monday, days without the year, months as they come', () => {
    expect(axisLabel({ key: 7, label: '07:00' }, 'hour', WEEKDAYS)).toBe('07:00');
    expect(axisLabel({ key: 1, label: '1' }, 'weekDay', WEEKDAYS)).toBe('Mon');
    expect(axisLabel({ key: 7, label: '7' }, 'weekDay', WEEKDAYS)).toBe('Sun');
    expect(axisLabel({ key: 0, label: '2026-11-03' }, 'day', WEEKDAYS)).toBe('11-03');
    expect(axisLabel({ key: 0, label: '2026-11' }, 'month', WEEKDAYS)).toBe('2026-11');
    expect(axisLabel({ key: 9, label: '9' }, 'weekDay', WEEKDAYS)).toBe('9');
  });
});

describe('sales chart data', () => {
  const records = [
    record({ key: 1, label: '1', income: 1234, refund: 200, successCount: 3, refundCount: 1 }),
    record({
      key: 2,
      label: '2',
      income: 500,
      wechatIncome: 300,
      alipayIncome: 200,
      successCount: 2,
      costPrice: 120,
      profit: 380,
    }),
  ];

  it('draws income and refunds in yuan over the weekday axis', () => {
    const data = salesChartData(records, 'weekDay', TEXTS, WEEKDAYS, 'en-US');
    expect(data.labels).toEqual(['Mon', 'Tue']);
    expect(data.lines.map((l) => [l.name, l.values])).toEqual([
      ['Income', [12.34, 5]],
      ['Refunded', [2, 0]],
    ]);
  });

  it('lists successful deals, refunds, WeChat and Alipay, and cost and profit only when carried', () => {
    const data = salesChartData(records, 'weekDay', TEXTS, WEEKDAYS, 'en-US');
    expect(data.tip(0)).toEqual({
      title: 'Mon',
      rows: [
        ['Income', '¥12.34'],
        ['Successful', '3'],
        ['Refunded', '¥2.00'],
        ['Refunds', '1'],
        ['WeChat', '¥0.00'],
        ['Alipay', '¥0.00'],
      ],
    });
    expect(data.tip(1).rows.slice(-2)).toEqual([
      ['Cost', '¥1.20'],
      ['Profit', '¥3.80'],
    ]);
  });

  it('heads a day tooltip with the whole date', () => {
    const day = [record({ key: 0, label: '2026-11-03', income: 100 })];
    expect(salesChartData(day, 'day', TEXTS, WEEKDAYS, 'en-US').tip(0).title).toBe('2026-11-03');
  });

  it('gives a goods series its income line and units in the tooltip', () => {
    const data = goodsChartData(
      [{ key: 5, label: '05:00', count: 4, income: 4000 }],
      'hour',
      TEXTS,
      WEEKDAYS,
      'en-US',
    );
    expect(data.lines[0]?.values).toEqual([40]);
    expect(data.tip(0)).toEqual({
      title: '05:00',
      rows: [
        ['Income', '¥40.00'],
        ['Units', '4'],
      ],
    });
  });
});

describe('chart option', () => {
  it('escapes what merchants typed before ECharts writes the tooltip as HTML', () => {
    expect(escapeHtml(`<img src=x onerror="a">&'`)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&amp;&#39;');
    const html = tipHtml({ title: '<b>', rows: [['Store <i>', '¥1.00']] });
    expect(html).not.toContain('<b>&');
    expect(html).toContain('&lt;b&gt;');
    expect(html).toContain('Store &lt;i&gt;');
  });

  it('puts one line per series in its colour and hides symbols on long axes', () => {
    const labels = Array.from({ length: 24 }, (_, i) => String(i));
    const option = lineChartOption({
      labels,
      lines: [{ name: 'Income', values: labels.map(() => 1), color: '#123456' }],
      tip: () => ({ title: '', rows: [] }),
      axisValue: String,
    });
    expect(option.color).toEqual(['#123456']);
    const series = Array.isArray(option.series) ? option.series : [];
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ type: 'line', name: 'Income', showSymbol: false });
  });

  it('draws what was measured: straight segments between the points, never a smoothed curve', () => {
    for (const count of [7, 24]) {
      const labels = Array.from({ length: count }, (_, i) => String(i));
      const option = lineChartOption({
        labels,
        lines: [
          { name: 'Income', values: labels.map((_, i) => (i % 3 ? 0 : 9)), color: '#123456' },
          { name: 'Refunded', values: labels.map(() => 1), color: '#654321' },
        ],
        tip: () => ({ title: '', rows: [] }),
        axisValue: String,
      });
      const series = Array.isArray(option.series) ? option.series : [];
      expect(series).toHaveLength(2);
      for (const line of series) {
        expect(line).toMatchObject({ type: 'line' });
        expect([false, undefined]).toContain((line as { smooth?: unknown }).smooth);
      }
    }
  });
});
