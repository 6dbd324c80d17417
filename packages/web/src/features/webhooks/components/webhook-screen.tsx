import { EVENT_TYPE_LABELS, type WebhookEndpoint, type WebhookEventType } from '@vendo/contract/api/webhooks';
import { Button } from 'antd-mobile';
import {
  AddOutline,
  DeleteOutline,
  EditSOutline,
  KeyOutline,
  SendOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CardActions } from '../../../components/card-actions/card-actions';
import { confirmAction } from '../../../components/dialog/confirm';
import { explainFailure } from '../../../components/dialog/explain-failure';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import webhooksTexts from '../../../i18n/resources/webhooks';
import { formatDateTime } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { useDeleteWebhook, useRotateSecret, useTestSend, useWebhooks } from '../api/webhooks-api';
import '../../../styles/list-page.css';
import './webhooks.css';

registerNamespace('webhooks', webhooksTexts);

const WebhookForm = lazyComponent(() => import('./webhook-form').then((m) => m.WebhookFormSheet));
const SecretSheet = lazyComponent(() => import('./webhook-form').then((m) => m.SecretSheet));
const Deliveries = lazyComponent(() => import('./webhook-deliveries').then((m) => m.DeliveriesSheet));

/**
 * /webhooks (issue 20, decision 048): the merchant's endpoints — URL, events, the secret's last characters,
 * waiting and failed deliveries — with add/edit in a sheet (the secret shown once), a new secret, a test send, the
 * deliveries with their attempts and replay, and deleting. Main account only (the route's access and the server).
 */
export default function WebhookScreen() {
  const { t } = useTranslation('webhooks');
  const locale = currentLocale();
  const endpoints = useWebhooks();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const testSend = useTestSend();
  const form = useOpenedSheet<WebhookEndpoint | null>();
  const secret = useOpenedSheet<string>();
  const deliveries = useOpenedSheet<WebhookEndpoint>();
  const list = endpoints.data?.data ?? [];
  const full = list.length >= (endpoints.data?.max ?? 10);

  const eventNames = (endpoint: WebhookEndpoint) =>
    endpoint.events
      .map((e) => EVENT_TYPE_LABELS[e as WebhookEventType]?.[locale] ?? e)
      .join(locale === 'en-US' ? ', ' : '、');

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) toast(done, { icon: 'success' });
    } catch (error) {
      await explainFailure(error, t('list.failedAction'));
    }
  };
  const askRemove = async (endpoint: WebhookEndpoint) => {
    const sure = await confirmAction({
      title: t('list.removeTitle'),
      content: t('list.removeText', { url: endpoint.url }),
      confirmText: t('list.remove'),
      danger: true,
    });
    if (sure) await act(() => remove.mutateAsync(endpoint.id), t('list.removeDone'));
  };
  const askRotate = async (endpoint: WebhookEndpoint) => {
    const sure = await confirmAction({
      title: t('list.rotateTitle'),
      content: t('list.rotateText'),
      confirmText: t('list.rotate'),
    });
    if (sure) await act(async () => secret.open((await rotate.mutateAsync(endpoint.id)).secret));
  };

  return (
    <div className="page webhook-page">
      <p className="muted webhook-intro">{t('list.intro')}</p>
      <Button color="primary" className="webhook-add" disabled={full} onClick={() => form.open(null)}>
        <AddOutline /> {t('list.add')}
      </Button>
      <ListState
        pending={endpoints.isPending}
        failed={endpoints.isError && !endpoints.data}
        error={endpoints.error}
        onRetry={() => void endpoints.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide
              description={t('list.empty')}
              actionText={t('list.add')}
              onAction={() => form.open(null)}
            />
          </div>
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((endpoint) => (
            <li
              key={endpoint.id}
              className={endpoint.enabled ? 'card webhook-card' : 'card webhook-card webhook-off'}
              aria-label={endpoint.url}
            >
              <h3 className="webhook-url">
                {endpoint.url} {endpoint.enabled ? null : <span className="tag">{t('list.disabled')}</span>}
              </h3>
              {endpoint.remarks ? <p className="muted">{endpoint.remarks}</p> : null}
              <dl>
                <dt>{t('list.events')}</dt>
                <dd>{eventNames(endpoint)}</dd>
                <dt>{t('list.secret')}</dt>
                <dd>
                  <code>whsec_…{endpoint.secret_hint}</code>
                </dd>
                <dt>{t('list.created')}</dt>
                <dd>{formatDateTime(endpoint.created_at)}</dd>
                {endpoint.pending || endpoint.failed ? (
                  <>
                    <dt>{t('list.waiting')}</dt>
                    <dd>
                      {endpoint.pending}
                      {endpoint.failed ? (
                        <span className="webhook-failed">
                          {' '}
                          · {t('list.failed')} {endpoint.failed}
                        </span>
                      ) : null}
                    </dd>
                  </>
                ) : null}
              </dl>
              <CardActions
                label={t('list.actions')}
                actions={[
                  {
                    key: 'deliveries',
                    label: t('list.deliveries'),
                    icon: <UnorderedListOutline />,
                    onClick: () => deliveries.open(endpoint),
                  },
                  {
                    key: 'test',
                    label: t('list.test'),
                    icon: <SendOutline />,
                    onClick: () => void act(() => testSend.mutateAsync(endpoint.id), t('list.testDone')),
                  },
                  {
                    key: 'edit',
                    label: t('list.edit'),
                    icon: <EditSOutline />,
                    onClick: () => form.open(endpoint),
                  },
                  {
                    key: 'rotate',
                    label: t('list.rotate'),
                    icon: <KeyOutline />,
                    onClick: () => void askRotate(endpoint),
                  },
                  {
                    key: 'remove',
                    label: t('list.remove'),
                    icon: <DeleteOutline />,
                    tone: 'danger',
                    onClick: () => void askRemove(endpoint),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      </ListState>
      {form.opened ? (
        <WebhookForm
          key={form.opened.key}
          visible={form.opened.open}
          endpoint={form.opened.subject}
          onClose={form.close}
        />
      ) : null}
      {secret.opened ? (
        <SecretSheet
          key={secret.opened.key}
          visible={secret.opened.open}
          secret={secret.opened.subject}
          onClose={secret.close}
        />
      ) : null}
      {deliveries.opened ? (
        <Deliveries
          key={deliveries.opened.key}
          visible={deliveries.opened.open}
          endpoint={deliveries.opened.subject}
          onClose={deliveries.close}
        />
      ) : null}
    </div>
  );
}
