import { useQuery } from '@tanstack/react-query';
import type { DayFigures } from '@vendo/contract/api/analytics';
import { formatMoney } from '@vendo/contract/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { DetailList } from '../../../components/detail-list/detail-list';
import { homeQuery, overviewCall } from '../api/home-calls';

const DAYS = ['today', 'yesterday'] as const;
type Day = (typeof DAYS)[number];

/** What a figure shows while the day's figures load. */
const PENDING = '—';

/**
 * The day's figures: income first and large, then payments, refunds, average order value and profit. Without
 * figures yet, the same rows with a dash for each value: the panel has its final height from the first paint,
 * so the cards below it never move when the figures arrive.
 */
function DayPanel({ figures }: { figures: DayFigures | undefined }) {
  const { t } = useTranslation('home');
  const locale = currentLocale();
  const money = (cents: number | undefined) => (cents === undefined ? PENDING : formatMoney(cents, locale));
  const count = (value: number | undefined) => (value === undefined ? PENDING : String(value));
  const rows: [string, string][] = [
    [t('figures.successCount'), count(figures?.successCount)],
    [t('figures.refundCount'), count(figures?.refundCount)],
    [t('figures.price'), money(figures?.price)],
    [t('figures.refund'), money(figures?.refund)],
  ];
  if (figures && figures.profit !== null) rows.push([t('figures.profit'), money(figures.profit)]);
  return (
    <>
      <p className="figures-income">
        <span>{t('figures.income')}</span>
        <strong>{money(figures?.income)}</strong>
      </p>
      <DetailList className="figures-grid" rows={rows} />
    </>
  );
}

/**
 * Today's and yesterday's figures (spec §2 home, §3 dashboard overview) with a link to the dashboard. Profit
 * shows when the answer carries it: the server sends it only to those with the profit view (spec §6).
 */
export function FiguresCard() {
  const { t } = useTranslation('home');
  const [day, setDay] = useState<Day>('today');
  const id = useId();
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  // The figures are the dashboard's (permission 1020); a role without it sees no card rather than a refusal.
  const seesFigures = can(user, 'dashboard', now);
  const overview = useQuery(homeQuery(overviewCall, seesFigures));
  if (!seesFigures) return null;
  const figures = overview.data?.[day];
  return (
    <section className="card figures-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('figures.title')}
      </h2>
      <div className="day-tabs" role="tablist">
        {DAYS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-${value}`}
            aria-selected={day === value}
            aria-controls={`${id}-panel`}
            className="day-tab"
            onClick={() => setDay(value)}
          >
            {t(`figures.${value}`)}
          </button>
        ))}
      </div>
      <div
        className="figures-panel"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${day}`}
        aria-busy={overview.isPending}
      >
        {figures || overview.isPending ? <DayPanel figures={figures} /> : null}
        {overview.isPending ? <p className="visually-hidden">{t('figures.loading')}</p> : null}
        {overview.isError ? (
          <p className="muted">
            {t('figures.failed')}{' '}
            <button type="button" className="text-button" onClick={() => void overview.refetch()}>
              {t('figures.retry')}
            </button>
          </p>
        ) : null}
        <Link className="figures-more" to="/dashboard">
          {t('figures.more')}
        </Link>
      </div>
    </section>
  );
}
