import type { ActivityEntry, ActivityEntryKey } from '@vendo/contract/api/marketing';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../../components/list-state/list-state';
import { registerNamespace } from '../../../i18n/i18n';
import marketingTexts from '../../../i18n/resources/marketing';
import { useActivityCenter } from '../api/marketing-api';
import '../../../styles/list-page.css';
import './marketing.css';

registerNamespace('marketing', marketingTexts);

const COUNT_KEY = {
  activity: 'center.activityCount',
  gift: 'center.giftCount',
  referrer: 'center.referrerCount',
  record: 'center.recordCount',
} as const satisfies Record<ActivityEntryKey, string>;

/**
 * /activityCenter (spec §2, §6 main account only; issue 17): the entries to coupons, gift vouchers, referrers and
 * the records, each with its count and what is running now (the server's figures). An entry whose module this
 * server lacks says so instead of linking.
 */
export default function ActivityCenterScreen() {
  const { t } = useTranslation('marketing');
  const center = useActivityCenter();
  const entries = center.data?.entries ?? [];
  const countText = (e: ActivityEntry) => t(COUNT_KEY[e.key], { count: e.count, active: e.active ?? 0 });
  return (
    <div className="page activity-center">
      <ListState
        pending={center.isPending}
        failed={center.isError && !center.data}
        error={center.error}
        onRetry={() => void center.refetch()}
        empty={false}
        emptyGuide={null}
      >
        <ul className="activity-entries" aria-label={t('center.label')}>
          {entries.map((e) => (
            <li key={e.key} className="card activity-entry">
              {e.available ? (
                <Link to={`/${e.key}`} className="activity-link">
                  <span className="activity-name">{t(`center.${e.key}`)}</span>
                  <span className="activity-count">{countText(e)}</span>
                  <RightOutline aria-hidden="true" />
                </Link>
              ) : (
                <div className="activity-link" aria-disabled="true">
                  <span className="activity-name">{t(`center.${e.key}`)}</span>
                  <span className="activity-count muted">{t('center.unavailable')}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}
