import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_SCREEN_MS } from '@vendo/contract/constants';

const FADE_MS = 250;

/**
 * The start-up screen (spec §4: 1.2 s). It lies over the app instead of holding it back, so the first screen's
 * chunk and the configuration load while it shows. `hold` keeps it up past 1.2 s while something must still be
 * decided before anything may show (the in-app browser gate).
 */
export function LoadingScreen({ hold = false }: { hold?: boolean }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'shown' | 'leaving' | 'gone'>('shown');
  const [minimumShown, setMinimumShown] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setMinimumShown(true), LOADING_SCREEN_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!minimumShown || hold) return;
    setPhase('leaving');
    const gone = setTimeout(() => setPhase('gone'), FADE_MS);
    return () => clearTimeout(gone);
  }, [minimumShown, hold]);

  if (phase === 'gone') return null;
  return (
    <div className="loading-screen" data-leaving={phase === 'leaving'} role="status" aria-live="polite">
      <div className="loading-brand" aria-hidden="true">
        Vendo
      </div>
      <Spinner />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** A CSS spinner: antd-mobile's SpinLoading animates through a library the first screen can do without. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
