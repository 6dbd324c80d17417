import {
  EVENT_TYPE_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@vendo/contract/api/webhooks';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { explainFailure } from '../../../components/dialog/explain-failure';
import { ListState } from '../../../components/list-state/list-state';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useDeliveries, useReplay } from '../api/webhooks-api';

/** An endpoint's last 20 deliveries, newest first: the event, the state, every attempt, and sending one again. */
function Deliveries({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const locale = currentLocale();
  const deliveries = useDeliveries(endpoint.id);
  const replay = useReplay();
  const list = deliveries.data?.data ?? [];

  const again = async (delivery: WebhookDelivery) => {
    try {
      await replay.mutateAsync(delivery.id);
      toast(t('deliveries.replayDone'), { icon: 'success' });
    } catch (error) {
      await explainFailure(error, t('list.failedAction'));
    }
  };
  const typeName = (type: string) =>
    type === 'webhook.test'
      ? t('deliveries.testEvent')
      : (EVENT_TYPE_LABELS[type as WebhookEventType]?.[locale] ?? type);

  return (
    <SheetFrame tall title={t('deliveries.title')} onClose={onClose}>
      <p className="muted webhook-url webhook-sheet-url">{endpoint.url}</p>
      <ListState
        pending={deliveries.isPending}
        failed={deliveries.isError && !deliveries.data}
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
        empty={list.length === 0}
        emptyGuide={<p className="muted">{t('deliveries.empty')}</p>}
      >
        <ul className="webhook-deliveries" aria-label={t('deliveries.title')}>
          {list.map((d) => (
            <li key={d.id} className={`webhook-delivery webhook-${d.status}`}>
              <div className="webhook-delivery-head">
                <strong>{typeName(d.event_type)}</strong>
                <span className="tag">{t(`deliveries.status.${d.status as 'pending'}`)}</span>
                {d.manual ? <span className="tag">{t('deliveries.manual')}</span> : null}
              </div>
              <p className="muted">
                <code>{d.event_id}</code> · {formatDateTime(d.created_at)}
              </p>
              <ol className="webhook-attempts">
                {d.attempts.map((a, i) => (
                  <li key={i}>
                    {formatDateTime(a.at)} ·{' '}
                    {t('deliveries.attempt', {
                      status: a.status_code ? `HTTP ${a.status_code}` : t('deliveries.noAnswer'),
                      ms: a.duration_ms,
                    })}
                    {a.error && a.status_code === 0 ? (
                      <span className="webhook-error"> · {a.error}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
              {d.status === 'pending' && d.next_at !== null && d.attempts.length ? (
                <p className="muted">
                  {t('deliveries.nextAt')} {formatDateTime(d.next_at)}
                </p>
              ) : null}
              <Button size="small" fill="outline" loading={replay.isPending} onClick={() => void again(d)}>
                {t('deliveries.replay')}
              </Button>
            </li>
          ))}
        </ul>
      </ListState>
    </SheetFrame>
  );
}

export const DeliveriesSheet = inSheet(Deliveries);
