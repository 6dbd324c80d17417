import type { RCODE } from '@vendo/contract/rcodes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadDialogs } from '../../../components/dialog/load-dialogs';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ExpiredAppGuide } from '../../../components/empty-guide/expired-app-guide';
import { ListState } from '../../../components/list-state/list-state';
import { ApiError } from '../../../lib/api-client';

// Typed against the contract's catalogue (a renumbering fails typecheck) without loading the catalogue's texts.
const APP_EXPIRED: (typeof RCODE)['APP_EXPIRED'] = 605;

export function isAppExpired(error: unknown): boolean {
  return error instanceof ApiError && error.rcode === APP_EXPIRED;
}

/**
 * Refusals no retry changes: the area, store, machine or goods a link names is gone or outside the caller's stores,
 * or the caller may not see it. An old link showed "failed to load" with a retry that failed again each time.
 */
const LASTING: ReadonlyArray<
  (typeof RCODE)[
    | 'FORBIDDEN'
    | 'DEVICE_NOT_FOUND'
    | 'AREA_NOT_FOUND'
    | 'STORE_NOT_FOUND'
    | 'GOODS_NOT_FOUND'
    | 'STORE_OUT_OF_SCOPE']
> = [403, 501, 700, 701, 702, 719];

/** The server's reason (in the person's language) when retrying cannot help, else null. */
export function lastingRefusal(error: unknown): string | null {
  return error instanceof ApiError && (LASTING as readonly number[]).includes(error.rcode) ? error.msg : null;
}

/** The guide for a statistics call refused because the app behind it expired (spec §4, §8): "contact now". */
export function StatsAppGuide() {
  const { t } = useTranslation('analytics');
  return (
    <ExpiredAppGuide
      onContact={() =>
        void loadDialogs().then(({ showTip }) => showTip(t('contactText'), { title: t('contactTitle') }))
      }
    />
  );
}

/** What a statistics query is doing, as the list states have it. */
export interface StatsQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  /** True while the figures of the previous range stay on screen until the new ones arrive. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

interface StatsStateProps {
  query: StatsQuery;
  empty?: boolean;
  emptyGuide?: ReactNode;
  children: ReactNode;
}

/** Loading, the expired-app guide, failed with a retry, the empty-state guide, or the figures. */
export function StatsState({ query, empty, emptyGuide, children }: StatsStateProps) {
  if (isAppExpired(query.error)) return <StatsAppGuide />;
  const refusal = query.data ? null : lastingRefusal(query.error);
  if (refusal) return <EmptyGuide description={refusal} />;
  return (
    <ListState
      pending={query.isPending}
      failed={query.isError && !query.data}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={empty}
      emptyGuide={emptyGuide}
    >
      {children}
    </ListState>
  );
}
