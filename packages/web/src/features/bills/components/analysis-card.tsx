import type { BillAnalysis } from '@vendo/contract/api/orders';
import { formatMoney, formatRate } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list/detail-list';
import { currentLocale } from '../../../i18n/i18n';

/** The figures over every order the conditions select (spec §3 bill analysis); cost and profit when present. */
export function AnalysisCard({ analysis }: { analysis: BillAnalysis }) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const figures: [string, string][] = [
    [t('analysis.count'), String(analysis.count)],
    [t('analysis.income'), money(analysis.income)],
    [t('analysis.refund'), money(analysis.refund)],
    [t('analysis.wxIncome'), money(analysis.wxIncome)],
    [t('analysis.alipayIncome'), money(analysis.alipayIncome)],
    // Cash, cards and remote dispenses: without them the incomes by payment fall short of the income.
    [t('analysis.otherIncome'), money(analysis.otherIncome)],
  ];
  // What WeChat and Alipay leave of 100 %, so the three shares add up however each was rounded.
  const otherRate = analysis.count > 0 ? 10000 - analysis.wxRate - analysis.alipayRate : 0;
  if (analysis.costPrice !== null) figures.push([t('analysis.cost'), money(analysis.costPrice)]);
  if (analysis.profit !== null) figures.push([t('analysis.profit'), money(analysis.profit)]);
  return (
    <section className="card" aria-label={t('analysis.label')}>
      <DetailList className="bill-analysis" rows={figures} />
      <ul className="bill-rates">
        <li>
          {t('analysis.success', { count: analysis.successCount, rate: formatRate(analysis.successRate) })}
        </li>
        <li>
          {t('analysis.refunds', { count: analysis.refundCount, rate: formatRate(analysis.refundRate) })}
        </li>
        <li>{t('analysis.wx', { count: analysis.wxCount, rate: formatRate(analysis.wxRate) })}</li>
        <li>
          {t('analysis.alipay', { count: analysis.alipayCount, rate: formatRate(analysis.alipayRate) })}
        </li>
        <li>{t('analysis.other', { count: analysis.otherCount, rate: formatRate(otherRate) })}</li>
      </ul>
    </section>
  );
}
