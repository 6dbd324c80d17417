import type { SalesAnalysis } from '@vendo/contract/api/analytics';
import { formatMoney } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { FigureGrid, type Figure } from './figure-grid';

/** The analysis on a list card: income, successful orders and refunds, and profit with the profit view. */
export function AnalysisBrief({ analysis }: { analysis: SalesAnalysis }) {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const figures: Figure[] = [
    [t('figures.income'), formatMoney(analysis.income, locale)],
    [t('figures.successCount'), String(analysis.successCount)],
    [t('figures.refund'), formatMoney(analysis.refund, locale)],
  ];
  if (analysis.profit !== null) figures.push([t('figures.profit'), formatMoney(analysis.profit, locale)]);
  return <FigureGrid figures={figures} />;
}
