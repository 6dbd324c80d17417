import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFailureText } from '../../lib/api-client';
import './list-state.css';

interface ListStateProps {
  pending: boolean;
  /** The load failed and there is nothing to show instead (a failed refetch keeps the list it had). */
  failed: boolean;
  /**
   * Why it failed (the error of the same query whose failure sets `failed`; required so no list forgets it): a
   * refusal the server answered (its rcode and msg, e.g. "Device does not exist" for a filter naming a machine
   * that is not the merchant's) is shown in its words; anything else (network, timeout) is "Could not load".
   * Said here only: the query is a listQuery (lib/query-keys.ts), whose call shows no toast for a first load.
   */
  error: unknown;
  onRetry: () => void;
  /** With emptyGuide: what shows instead of an empty list. */
  empty?: boolean;
  emptyGuide?: ReactNode;
  children: ReactNode;
}

/** Loading, failed (with a retry), empty (the guide) or the content itself. */
export function ListState({
  pending,
  failed,
  error,
  onRetry,
  empty = false,
  emptyGuide,
  children,
}: ListStateProps) {
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
        <p className="muted">{loadFailureText(error, t('loadFailed'))}</p>
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <>{empty ? emptyGuide : children}</>;
}
