import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListStateProps {
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: boolean;
  /** The empty-state guide. */
  emptyGuide: ReactNode;
  children: ReactNode;
}

/** Loading, failed (with a retry), empty (the guide) or the list itself. */
export function ListState({ pending, failed, onRetry, empty, emptyGuide, children }: ListStateProps) {
  const { t } = useTranslation('catalog');
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
