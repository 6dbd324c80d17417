import {
  ADVERT_FIELD_LABELS,
  ADVERT_SCOPE_LABELS,
  ADVERT_STATUS_LABELS,
  ADVERT_TYPE_LABELS,
  type Advert,
} from '@vendo/contract/api/adverts';
import type { Locale } from '@vendo/contract/locales';
import { Selector } from 'antd-mobile';
import { CheckCircleOutline, CloseCircleOutline, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmAction, confirmDelete } from '../../../components/dialog/confirm';
import { loadDialogs } from '../../../components/dialog/load-dialogs';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ExpiredAppGuide } from '../../../components/empty-guide/expired-app-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import advertsTexts from '../../../i18n/resources/adverts';
import { lazyComponent } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { hasUsableApp } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { ADVERT_PAGE_SIZE, useAdverts, useDeleteAdvert, useSetAdvertStatus } from '../api/adverts-api';
import '../../../styles/list-page.css';
import './adverts.css';

registerNamespace('adverts', advertsTexts);

const AdvertEditor = lazyComponent(() => import('./advert-editor').then((m) => m.AdvertEditorSheet));

type StatusFilter = 'all' | '1' | '0';

/**
 * /advertisement (spec §2, §3 Ad plan, §4 enable/disable with confirmation, §9 ad types; issue 18): the merchant's
 * plans with their status, type, scope and content; a new or changed plan in a sheet; enable and disable after a
 * confirmation; delete through the shared confirmDelete. Main account with a non-expired Advertisement app (the
 * route's access and the server).
 */
export default function AdvertScreen() {
  const user = useUserInfo();
  const [now] = useState(Date.now);
  if (user && !hasUsableApp(user, 'Advertisement', now)) return <AdvertAppGuide />;
  return <Adverts />;
}

/** The guide for a missing or expired Advertisement app (spec §4, §6): the screen exists, the module does not. */
function AdvertAppGuide() {
  const { t } = useTranslation('adverts');
  return (
    <ExpiredAppGuide
      description={t('app.expired')}
      onContact={() =>
        void loadDialogs().then(({ showTip }) =>
          showTip(t('app.contactText'), { title: t('app.contactTitle') }),
        )
      }
    />
  );
}

function Adverts() {
  const { t } = useTranslation('adverts');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const adverts = useAdverts(page, keyword, status === 'all' ? undefined : (Number(status) as 0 | 1));
  const setAdvertStatus = useSetAdvertStatus();
  const remove = useDeleteAdvert();
  const editor = useOpenedSheet<Advert | null>();
  const list = adverts.data?.data ?? [];
  const filtered = keyword !== '' || status !== 'all';
  const openEditor = editor.open;

  const toggle = async (advert: Advert) => {
    const enabling = advert.status === 0;
    const yes = await confirmAction({
      title: enabling ? t('list.enableTitle') : t('list.disableTitle'),
      content: enabling
        ? t('list.enableText', { name: advert.name })
        : t('list.disableText', { name: advert.name }),
      confirmText: enabling ? t('list.enable') : t('list.disable'),
      danger: !enabling,
    });
    if (!yes) return;
    try {
      await setAdvertStatus.mutateAsync({ advert_id: advert.advert_id, status: enabling ? 1 : 0 });
      toast(enabling ? t('list.enabled') : t('list.disabled'), { icon: 'success' });
    } catch {
      // The API client showed why.
    }
  };

  const del = (advert: Advert) =>
    confirmDelete({
      title: t('list.deleteTitle'),
      content: t('list.deleteText', { name: advert.name }),
      remove: () => remove.mutateAsync(advert.advert_id),
      failedTitle: t('list.deleteFailed'),
    });

  const actionsOf = (advert: Advert): CardAction[] => [
    { key: 'edit', label: t('list.edit'), icon: <EditSOutline />, onClick: () => openEditor(advert) },
    advert.status === 1
      ? {
          key: 'disable',
          label: t('list.disable'),
          icon: <CloseCircleOutline />,
          onClick: () => void toggle(advert),
        }
      : {
          key: 'enable',
          label: t('list.enable'),
          icon: <CheckCircleOutline />,
          onClick: () => void toggle(advert),
        },
    {
      key: 'delete',
      label: t('list.delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void del(advert),
    },
  ];

  return (
    <div className="page advert-page">
      <ListSearch
        placeholder={t('list.search')}
        onSearch={(term) => {
          setKeyword(term);
          setPage(1);
        }}
        add={{ label: t('list.add'), onClick: () => openEditor(null) }}
      />
      <Selector<StatusFilter>
        className="choice-field advert-filter"
        aria-label={ADVERT_FIELD_LABELS['status']?.[locale]}
        columns={3}
        showCheckMark={false}
        options={[
          { value: 'all', label: t('list.all') },
          { value: '1', label: ADVERT_STATUS_LABELS[1][locale] },
          { value: '0', label: ADVERT_STATUS_LABELS[0][locale] },
        ]}
        value={[status]}
        onChange={(picked) => {
          if (!picked[0]) return;
          setStatus(picked[0]);
          setPage(1);
        }}
      />
      {adverts.data && list.length > 0 ? (
        <p className="muted advert-count" aria-live="polite">
          {t('list.count', { count: adverts.data.count })}
        </p>
      ) : null}
      <ListState
        pending={adverts.isPending}
        failed={adverts.isError && !adverts.data}
        error={adverts.error}
        onRetry={() => void adverts.refetch()}
        empty={list.length === 0}
        emptyGuide={
          filtered ? (
            <p className="muted card">{t('list.noMatch')}</p>
          ) : (
            <div className="card">
              <EmptyGuide
                description={t('list.empty')}
                actionText={t('list.add')}
                onAction={() => openEditor(null)}
              />
            </div>
          )
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((advert) => (
            <li key={advert.advert_id} className="card entity-card advert-card" aria-label={advert.name}>
              <div className="entity-head">
                <h3 className="entity-title">{advert.name}</h3>
                <span className="advert-status" data-status={advert.status}>
                  {ADVERT_STATUS_LABELS[advert.status][locale]}
                </span>
              </div>
              <dl>
                <dt>{t('list.type')}</dt>
                <dd>{ADVERT_TYPE_LABELS[advert.type][locale]}</dd>
                <dt>{t('list.scope')}</dt>
                <dd>
                  {ADVERT_SCOPE_LABELS[advert.scope][locale]}
                  {advert.targets.length ? `: ${advert.targets.map((x) => x.name).join(', ')}` : ''}
                </dd>
                <AdvertContentRows advert={advert} locale={locale} />
              </dl>
              <CardActions label={t('list.actions')} actions={actionsOf(advert)} />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={adverts.data?.count ?? 0}
          pageSize={ADVERT_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <section className="card" aria-labelledby="advert-how-title">
        <h2 id="advert-how-title" className="card-title">
          {t('list.label')}
        </h2>
        <p className="muted">{t('list.how')}</p>
      </section>
      {editor.opened ? (
        <AdvertEditor
          key={editor.opened.key}
          visible={editor.opened.open}
          advert={editor.opened.subject}
          onClose={editor.close}
        />
      ) : null}
    </div>
  );
}

/** What the plan shows, by its type's fields. */
function AdvertContentRows({ advert, locale }: { advert: Advert; locale: Locale }) {
  const label = (field: string) => ADVERT_FIELD_LABELS[field]?.[locale] ?? field;
  const rows: Array<[string, ReactNode]> = [];
  if (advert.text) rows.push(['text', advert.text]);
  if (advert.image)
    rows.push(['image', <img key="img" className="advert-thumb" src={advert.image} alt={advert.name} />]);
  if (advert.link) rows.push(['link', advert.link]);
  if (advert.web_url) rows.push(['web_url', advert.web_url]);
  if (advert.coupon_id) rows.push(['coupon_id', advert.coupon_name || `#${advert.coupon_id}`]);
  if (advert.app_id) rows.push(['app_id', advert.app_id]);
  if (advert.placement_id) rows.push(['placement_id', advert.placement_id]);
  return (
    <>
      {rows.map(([field, value]) => (
        <Fragment key={field}>
          <dt>{label(field)}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </>
  );
}
