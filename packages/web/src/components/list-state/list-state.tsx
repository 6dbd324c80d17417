import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list-state.css';

interface ListStateProps {
  pending: boolean;
  /** The load failed and there is nothing to show instead (a failed refetch keeps the list it had). */
  failed: boolean;
  onRetry: () => void;
  /** With emptyGuide: what shows instead of an empty list. */
  empty?: boolean;
  emptyGuide?: ReactNode;
  children: ReactNode;
}

/** Loading, failed (with a retry), empty (the guide) or the content itself. */
export function ListState({ pending, failed, onRetry, empty = false, emptyGuide, children }: ListStateProps) {
  const { t } = useTranslation('components');
  if (pending) {
    return (
      <div className="list-loading" role="status">
        <DotLoading color="primary" />
        <span className="muted">{t('loading')}</span>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="list-failed" role="alert">
        <p className="muted">{t('loadFailed')}</p>
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <>{empty ? emptyGuide : children}</>;
}
