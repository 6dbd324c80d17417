import type { SalesRecord, SeriesBucket } from '@vendo/contract/api/analytics';
import type { Locale } from '@vendo/contract/locales';
import { formatMoney } from '@vendo/contract/money';
import { axisLabel, type BucketPoint, type WeekdayNames } from './buckets';
import type { ChartTip, LineChartData } from './chart-option';

/** Income in the theme's primary blue, refunds in its warning orange (both pass 4.5:1 on white). */
export const LINE_COLORS = { income: '#1463d6', refund: '#b35900' } as const;

/** The words the charts use, from the 'analytics' namespace. */
export interface SeriesTexts {
  income: string;
  refund: string;
  successCount: string;
  refundCount: string;
  wechat: string;
  alipay: string;
  cost: string;
  profit: string;
  units: string;
}

/** A value axis that stays narrow: 1.2K / 1.2万 rather than 12,000. */
export function compactNumber(locale: Locale): (value: number) => string {
  const format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (value) => format.format(value);
}

/** The tooltip's heading: the whole day for days (the axis shortens it), otherwise the axis label. */
function tipTitle(point: BucketPoint, bucket: SeriesBucket, weekdays: WeekdayNames): string {
  return bucket === 'day' ? point.label : axisLabel(point, bucket, weekdays);
}

const yuan = (cents: number) => cents / 100;

/**
 * The sales chart (spec §2): successful income and refunds per bucket, the tooltip listing successful deals,
 * refunds, WeChat and Alipay, and cost and profit when the answer carries them.
 */
export function salesChartData(
  records: readonly SalesRecord[],
  bucket: SeriesBucket,
  texts: SeriesTexts,
  weekdays: WeekdayNames,
  locale: Locale,
): LineChartData {
  const money = (cents: number) => formatMoney(cents, locale);
  const tip = (index: number): ChartTip => {
    const r = records[index];
    if (!r) return { title: '', rows: [] };
    const rows: (readonly [string, string])[] = [
      [texts.income, money(r.income)],
      [texts.successCount, String(r.successCount)],
      [texts.refund, money(r.refund)],
      [texts.refundCount, String(r.refundCount)],
      [texts.wechat, money(r.wechatIncome)],
      [texts.alipay, money(r.alipayIncome)],
    ];
    if (r.costPrice !== null) rows.push([texts.cost, money(r.costPrice)]);
    if (r.profit !== null) rows.push([texts.profit, money(r.profit)]);
    return { title: tipTitle(r, bucket, weekdays), rows };
  };
  return {
    labels: records.map((r) => axisLabel(r, bucket, weekdays)),
    lines: [
      { name: texts.income, values: records.map((r) => yuan(r.income)), color: LINE_COLORS.income },
      { name: texts.refund, values: records.map((r) => yuan(r.refund)), color: LINE_COLORS.refund },
    ],
    tip,
    axisValue: compactNumber(locale),
  };
}

/** One goods' series (/a/goodsHours, /a/goodsDay): its income, the tooltip adding the units sold. */
export function goodsChartData(
  records: readonly (BucketPoint & { count: number; income: number })[],
  bucket: SeriesBucket,
  texts: SeriesTexts,
  weekdays: WeekdayNames,
  locale: Locale,
): LineChartData {
  return {
    labels: records.map((r) => axisLabel(r, bucket, weekdays)),
    lines: [{ name: texts.income, values: records.map((r) => yuan(r.income)), color: LINE_COLORS.income }],
    tip: (index) => {
      const r = records[index];
      if (!r) return { title: '', rows: [] };
      return {
        title: tipTitle(r, bucket, weekdays),
        rows: [
          [texts.income, formatMoney(r.income, locale)],
          [texts.units, String(r.count)],
        ],
      };
    },
    axisValue: compactNumber(locale),
  };
}
