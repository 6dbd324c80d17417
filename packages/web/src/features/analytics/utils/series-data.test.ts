import type { SalesRecord } from '@vendo/contract/api/analytics';
import { describe, expect, it } from 'vitest';
import { axisLabel, type WeekdayNames } from './buckets';
import { lineChartOptions, lineChartSeries } from './chart-option';
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

describe('chart options', () => {
  const chart = (count: number, lines: { name: string; color: string; value: (i: number) => number }[]) => {
    const labels = Array.from({ length: count }, (_, i) => `L${i}`);
    return {
      labels,
      lines: lines.map((line) => ({
        name: line.name,
        color: line.color,
        values: labels.map((_, i) => line.value(i)),
      })),
      tip: () => ({ title: '', rows: [] }),
      axisValue: (value: number) => `${value}¥`,
    };
  };

  it('puts one line per series in its colour and hides points on long axes', () => {
    for (const [count, points] of [
      [7, true],
      [24, false],
    ] as const) {
      const options = lineChartOptions(
        chart(count, [{ name: 'Income', color: '#123456', value: () => 1 }]),
        300,
        200,
      );
      expect(options.series).toHaveLength(2);
      expect(options.series[1]).toMatchObject({
        label: 'Income',
        stroke: '#123456',
        points: { show: points },
      });
    }
  });

  it('draws what was measured: straight segments between the points, never a smoothed curve', () => {
    const data = chart(24, [
      { name: 'Income', color: '#123456', value: (i) => (i % 3 ? 0 : 9) },
      { name: 'Refunded', color: '#654321', value: () => 1 },
    ]);
    const options = lineChartOptions(data, 300, 200);
    // uPlot's default paths are linear; a spline or stepped builder would be set here.
    for (const line of options.series.slice(1)) expect(line.paths).toBeUndefined();
    expect(lineChartSeries(data)).toEqual([
      data.labels.map((_, i) => i),
      data.labels.map((_, i) => (i % 3 ? 0 : 9)),
      data.labels.map(() => 1),
    ]);
  });

  it('labels the category axis with the buckets and the value axis in its own format, from zero', () => {
    const options = lineChartOptions(
      chart(24, [{ name: 'Income', color: '#123456', value: () => 1 }]),
      300,
      200,
    );
    const [x, y] = options.axes ?? [];
    const values = (axis: typeof x, splits: number[]) =>
      typeof axis?.values === 'function' ? axis.values({} as never, splits, 0, 0, 0) : [];
    expect(values(x, [0, 6, 23])).toEqual(['L0', 'L6', 'L23']);
    expect(values(y, [0, 5])).toEqual(['0¥', '5¥']);
    const range = options.scales?.['y']?.range;
    expect(typeof range === 'function' ? range({} as never, 3, 80, 'y') : null).toEqual([0, 80]);
    expect(typeof range === 'function' ? range({} as never, 0, 0, 'y') : null).toEqual([0, 1]);
  });

  it('leaves out drag-to-zoom, so that a tap on a phone only shows the tooltip', () => {
    const options = lineChartOptions(chart(3, []), 300, 200);
    expect(options.cursor?.drag).toMatchObject({ x: false, y: false, setScale: false });
    expect(options.legend?.show).toBe(false);
  });
});
