import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartIcon } from './tile-icons';

const DAYS = ['today', 'yesterday'] as const;
type Day = (typeof DAYS)[number];

/**
 * Today's and yesterday's figures. The numbers come with the analytics release; until then the card says so
 * rather than showing zeros that would read as real takings.
 */
export function FiguresCard() {
  const { t } = useTranslation('home');
  const [day, setDay] = useState<Day>('today');
  const id = useId();
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
      <div className="figures-pending" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${day}`}>
        <ChartIcon className="figures-icon" />
        <p>{day === 'today' ? t('figures.pendingToday') : t('figures.pendingYesterday')}</p>
        <p className="muted">{t('figures.comingSoon')}</p>
      </div>
    </section>
  );
}
