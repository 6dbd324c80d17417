import type { SalesRecord, SeriesBucket } from '@vendo/contract/api/analytics';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import type { BucketPoint, WeekdayNames } from '../utils/buckets';
import { goodsChartData, salesChartData, type SeriesTexts } from '../utils/series-data';
import { Chart } from './chart';

function useSeriesTexts(): { texts: SeriesTexts; weekdays: WeekdayNames } {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  // Rebuilt on a language switch only, so the chart's option stays the same object between renders.
  return useMemo(
    () => ({
      texts: {
        income: t('figures.income'),
        refund: t('figures.refund'),
        successCount: t('figures.successCount'),
        refundCount: t('figures.refundCount'),
        wechat: t('figures.wechat'),
        alipay: t('figures.alipay'),
        cost: t('figures.cost'),
        profit: t('figures.profit'),
        units: t('figures.units'),
      },
      weekdays: [
        t('weekdays.1'),
        t('weekdays.2'),
        t('weekdays.3'),
        t('weekdays.4'),
        t('weekdays.5'),
        t('weekdays.6'),
        t('weekdays.7'),
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t changes with the language, which is the key here
    [language],
  );
}

/** Successful income and refunds over the buckets of a sales series. */
export function SalesChart({
  records,
  bucket,
  label,
}: {
  records: readonly SalesRecord[];
  bucket: SeriesBucket;
  label: string;
}) {
  const { texts, weekdays } = useSeriesTexts();
  const locale = currentLocale();
  const data = useMemo(
    () => salesChartData(records, bucket, texts, weekdays, locale),
    [records, bucket, texts, weekdays, locale],
  );
  return <Chart data={data} label={label} />;
}

/** One goods' income over the buckets, with its units in the tooltip. */
export function GoodsChart({
  records,
  bucket,
  label,
}: {
  records: readonly (BucketPoint & { count: number; income: number })[];
  bucket: SeriesBucket;
  label: string;
}) {
  const { texts, weekdays } = useSeriesTexts();
  const locale = currentLocale();
  const data = useMemo(
    () => goodsChartData(records, bucket, texts, weekdays, locale),
    [records, bucket, texts, weekdays, locale],
  );
  return <Chart data={data} label={label} />;
}
