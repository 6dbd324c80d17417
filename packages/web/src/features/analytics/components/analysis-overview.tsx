import type { SalesAnalysis } from '@vendo/contract/api/analytics';
import { formatMoney, formatRate, rate } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { FigureGrid, type Figure } from './figure-grid';

const SPLIT = [
  { key: 'wechat', income: 'wxIncome', count: 'wxCount' },
  { key: 'alipay', income: 'alipayIncome', count: 'alipayCount' },
  { key: 'offline', income: 'otherIncome', count: 'otherCount' },
] as const;

/**
 * The analysis of a range (spec §2 dashboard overview card): total income, successful and offline (cash, card)
 * counts, refunds, the average order value, the payment split WeChat / Alipay / offline, and cost and profit when
 * the answer carries them (the profit view, spec §6).
 */
export function AnalysisOverview({ analysis, title }: { analysis: SalesAnalysis; title: string }) {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const figures: Figure[] = [
    [t('figures.successCount'), String(analysis.successCount)],
    [t('figures.offlineCount'), String(analysis.otherCount)],
    [t('figures.price'), money(analysis.price)],
    [t('figures.refund'), money(analysis.refund)],
    [t('figures.refundCount'), String(analysis.refundCount)],
    [t('figures.abnormalCount'), String(analysis.abnormalCount)],
  ];
  if (analysis.costPrice !== null) figures.push([t('figures.cost'), money(analysis.costPrice)]);
  if (analysis.profit !== null) figures.push([t('figures.profit'), money(analysis.profit)]);
  const splitTotal = SPLIT.reduce((sum, part) => sum + Math.max(0, analysis[part.income]), 0);
  return (
    <section className="card an-overview" aria-label={title}>
      <p className="an-overview-head">
        <span className="an-overview-label">{t('figures.totalIncome')}</span>
        <strong className="an-overview-income">{money(analysis.income)}</strong>
        <span className="an-overview-sub">
          {t('figures.ordersAndRate', {
            count: analysis.count,
            rate: formatRate(analysis.successRate),
          })}
        </span>
      </p>
      <FigureGrid figures={figures} />
      <h3 className="an-subtitle">{t('figures.split')}</h3>
      <div className="an-split-bar" aria-hidden="true">
        {SPLIT.map((part) => (
          <span
            key={part.key}
            data-part={part.key}
            style={{ flexGrow: splitTotal > 0 ? Math.max(0, analysis[part.income]) : 1 }}
          />
        ))}
      </div>
      <ul className="an-split">
        {SPLIT.map((part) => (
          <li key={part.key} data-part={part.key}>
            <span className="an-split-name">{t(`figures.${part.key}`)}</span>
            <span className="an-split-value">{money(analysis[part.income])}</span>
            <span className="an-split-meta">
              {t('figures.countShare', {
                count: analysis[part.count],
                share: formatRate(rate(Math.max(0, analysis[part.income]), splitTotal)),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
