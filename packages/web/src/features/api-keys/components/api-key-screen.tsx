import { type ApiKey } from '@vendo/contract/api/api-keys';
import { PERMISSION_LABELS, type PermissionCode } from '@vendo/contract/enums';
import { Button } from 'antd-mobile';
import { AddOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CardActions } from '../../../components/card-actions/card-actions';
import { confirmAction } from '../../../components/dialog/confirm';
import { explainFailure } from '../../../components/dialog/explain-failure';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import apiKeysTexts from '../../../i18n/resources/api-keys';
import { formatDateTime } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys-api';
import '../../../styles/list-page.css';
import './api-keys.css';

registerNamespace('apiKeys', apiKeysTexts);

const ApiKeyForm = lazyComponent(() => import('./api-key-form').then((m) => m.ApiKeyFormSheet));

/** Where the server serves the reference page of the public API. */
const API_DOCS = '/p/v1/api-docs';

/**
 * /apiKeys (issue 20, decision 047): the merchant's API keys — name, permissions, stores, created, last used,
 * revoked — a new one in a sheet that shows the key once, and revoking with a confirmation. Main account only
 * (the route's access and the server).
 */
export default function ApiKeyScreen() {
  const { t } = useTranslation('apiKeys');
  const locale = currentLocale();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const form = useOpenedSheet<null>();
  const list = keys.data?.data ?? [];

  const askRevoke = async (key: ApiKey) => {
    const sure = await confirmAction({
      title: t('list.revokeTitle'),
      content: t('list.revokeText', { name: key.name }),
      confirmText: t('list.revoke'),
      danger: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(key.key_id);
      toast(t('list.revokeDone'), { icon: 'success' });
    } catch (error) {
      await explainFailure(error, t('list.revokeFailed'));
    }
  };

  const permissionsOf = (key: ApiKey) =>
    key.permissions
      .map((code) => PERMISSION_LABELS[code as PermissionCode]?.[locale] ?? String(code))
      .join('、');

  return (
    <div className="page api-key-page">
      <p className="muted api-key-intro">
        {t('list.intro')}{' '}
        <a href={API_DOCS} target="_blank" rel="noreferrer">
          {t('list.docs')}
        </a>
      </p>
      <Button color="primary" className="api-key-add" onClick={() => form.open(null)}>
        <AddOutline /> {t('list.add')}
      </Button>
      <ListState
        pending={keys.isPending}
        failed={keys.isError && !keys.data}
        error={keys.error}
        onRetry={() => void keys.refetch()}
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
          {list.map((key) => (
            <li
              key={key.key_id}
              className={key.revoked_at === null ? 'card api-key-card' : 'card api-key-card api-key-revoked'}
              aria-label={key.name}
            >
              <h3>
                {key.name} {key.revoked_at !== null ? <span className="tag">{t('list.revoked')}</span> : null}
              </h3>
              <p className="api-key-prefix">
                <code>{key.prefix}…</code>
              </p>
              <dl>
                <dt>{t('list.permissions')}</dt>
                <dd>{permissionsOf(key)}</dd>
                <dt>{t('list.stores')}</dt>
                <dd>
                  {key.all_device === 1 ? t('list.allStores') : key.store.map((s) => s.store_name).join('、')}
                </dd>
                <dt>{t('list.created')}</dt>
                <dd>{formatDateTime(key.created_at)}</dd>
                <dt>{t('list.lastUsed')}</dt>
                <dd>{key.last_used_at === null ? t('list.never') : formatDateTime(key.last_used_at)}</dd>
                {key.revoked_at !== null ? (
                  <>
                    <dt>{t('list.revokedAt')}</dt>
                    <dd>{formatDateTime(key.revoked_at)}</dd>
                  </>
                ) : null}
              </dl>
              {key.revoked_at === null ? (
                <CardActions
                  label={t('list.actions')}
                  actions={[
                    {
                      key: 'revoke',
                      label: t('list.revoke'),
                      icon: <CloseCircleOutline />,
                      tone: 'danger',
                      onClick: () => void askRevoke(key),
                    },
                  ]}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </ListState>
      {form.opened ? (
        <ApiKeyForm key={form.opened.key} visible={form.opened.open} onClose={form.close} />
      ) : null}
    </div>
  );
}
