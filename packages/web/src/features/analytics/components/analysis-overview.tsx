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

/** What a figure shows until the answer arrives. */
const DASH = '—';

/**
 * The analysis of a range (spec §2 dashboard overview card): total income, successful and offline (cash, card)
 * counts, refunds, the average order value, the payment split WeChat / Alipay / offline, and cost and profit when
 * the answer carries them (the profit view, spec §6).
 *
 * Without an analysis yet (`null`, the call in flight) the card paints its labels with dashes for the figures,
 * as tall as it will be (`withCost`: the viewer's profit view, which decides whether the answer carries cost and
 * profit), so the screen's first render holds the card and nothing moves when the figures arrive.
 */
export function AnalysisOverview({
  analysis,
  title,
  withCost = false,
}: {
  analysis: SalesAnalysis | null;
  title: string;
  withCost?: boolean;
}) {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const money = (cents: number | undefined) => (cents === undefined ? DASH : formatMoney(cents, locale));
  const count = (n: number | undefined) => (n === undefined ? DASH : String(n));
  const figures: Figure[] = [
    [t('figures.successCount'), count(analysis?.successCount)],
    [t('figures.offlineCount'), count(analysis?.otherCount)],
    [t('figures.price'), money(analysis?.price)],
    [t('figures.refund'), money(analysis?.refund)],
    [t('figures.refundCount'), count(analysis?.refundCount)],
    [t('figures.abnormalCount'), count(analysis?.abnormalCount)],
  ];
  const costPrice = analysis ? analysis.costPrice : withCost ? undefined : null;
  const profit = analysis ? analysis.profit : withCost ? undefined : null;
  if (costPrice !== null) figures.push([t('figures.cost'), money(costPrice)]);
  if (profit !== null) figures.push([t('figures.profit'), money(profit)]);
  const splitTotal = analysis ? SPLIT.reduce((sum, part) => sum + Math.max(0, analysis[part.income]), 0) : 0;
  return (
    <section className="card an-overview" aria-label={title}>
      <p className="an-overview-head">
        <span className="an-overview-label">{t('figures.totalIncome')}</span>
        <strong className="an-overview-income">{money(analysis?.income)}</strong>
        <span className="an-overview-sub">
          {t('figures.ordersAndRate', {
            count: count(analysis?.count),
            rate: analysis ? formatRate(analysis.successRate) : DASH,
          })}
        </span>
      </p>
      <FigureGrid figures={figures} />
      <h3 className="an-subtitle">{t('figures.split')}</h3>
      <div className="an-split-bar" aria-hidden="true">
        {analysis
          ? SPLIT.map((part) => (
              <span
                key={part.key}
                data-part={part.key}
                style={{ flexGrow: splitTotal > 0 ? Math.max(0, analysis[part.income]) : 1 }}
              />
            ))
          : null}
      </div>
      <ul className="an-split">
        {SPLIT.map((part) => (
          <li key={part.key} data-part={part.key}>
            <span className="an-split-name">{t(`figures.${part.key}`)}</span>
            <span className="an-split-value">{money(analysis?.[part.income])}</span>
            {analysis ? (
              <span className="an-split-meta">
                {t('figures.countShare', {
                  count: analysis[part.count],
                  share: formatRate(rate(Math.max(0, analysis[part.income]), splitTotal)),
                })}
              </span>
            ) : (
              // As wide as the line of no sales, which a narrow phone wraps (en-US): the card keeps its height.
              <span className="an-split-meta" data-pending="">
                {t('figures.countShare', { count: 0, share: formatRate(0) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
