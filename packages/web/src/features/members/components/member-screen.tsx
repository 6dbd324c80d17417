import { MEMBER_APP, type Member } from '@vendo/contract/api/members';
import { formatMoney } from '@vendo/contract/money';
import type { RCODE } from '@vendo/contract/rcodes';
import { DownlandOutline, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions } from '../../../components/card-actions/card-actions';
import { loadDialogs } from '../../../components/dialog/load-dialogs';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ExpiredAppGuide } from '../../../components/empty-guide/expired-app-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import membersTexts from '../../../i18n/resources/members';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { hasPermission, hasUsableApp } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { MEMBER_PAGE_SIZE, useMembers, usePointRule } from '../api/members-api';
import { MemberAvatar } from './member-avatar';
import '../../../styles/list-page.css';
import './members.css';

registerNamespace('members', membersTexts);

// Typed against the contract's catalogue (a renumbering fails typecheck) without loading the catalogue's texts.
const APP_EXPIRED: (typeof RCODE)['APP_EXPIRED'] = 605;

const RemarksEditor = lazyComponent(() => import('./remarks-editor').then((m) => m.RemarksEditorSheet));
const PointRuleEditor = lazyComponent(() =>
  import('./point-rule-editor').then((m) => m.PointRuleEditorSheet),
);
const MemberDownload = lazyComponent(() => import('./member-download').then((m) => m.MemberDownloadSheet));

/** The guide for a missing or expired Member app (spec §4, §6): the screen exists, the module does not. */
function MemberAppGuide() {
  const { t } = useTranslation('members');
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

/**
 * /member (spec §2, §3 Member, §6; issue 18): the merchant's members — who they are (avatar or initials, nickname,
 * card number, WeChat or Alipay, following the official account or not), what they spent, their points, their
 * last purchase and the merchant's remarks (edited in a sheet) — searchable, downloadable (1033), with the points
 * rule and the Member app's quota. Main account with the Member app (the route's access, this guide, the server).
 */
export default function MemberScreen() {
  const user = useUserInfo();
  const [now] = useState(Date.now);
  if (user && !hasUsableApp(user, MEMBER_APP, now)) return <MemberAppGuide />;
  return <Members />;
}

function Members() {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const user = useUserInfo();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const members = useMembers(page, keyword);
  const remarks = useOpenedSheet<Member>();
  const rule = useOpenedSheet<number>();
  const download = useOpenedSheet<string>();
  const list = members.data?.data ?? [];
  const quota = members.data?.quota;

  // A call answering APP_EXPIRED (the app lapsed after login) turns the screen into the guide too.
  if (members.error instanceof ApiError && members.error.rcode === APP_EXPIRED) return <MemberAppGuide />;

  return (
    <div className="page member-page">
      <PointsAndQuota quota={quota} onEditRule={rule.open} />
      <div className="member-toolbar">
        <ListSearch
          placeholder={t('list.search')}
          onSearch={(term) => {
            setKeyword(term);
            setPage(1);
          }}
        />
        {user && hasPermission(user, 'Report') ? (
          <button
            type="button"
            className="chip member-download-chip"
            aria-haspopup="dialog"
            onClick={() => download.open(keyword)}
          >
            <DownlandOutline aria-hidden="true" />
            <span>{t('list.download')}</span>
          </button>
        ) : null}
      </div>
      {members.data && list.length > 0 ? (
        <p className="muted" aria-live="polite">
          {t('list.count', { count: members.data.count })}
        </p>
      ) : null}
      <ListState
        pending={members.isPending}
        failed={members.isError && !members.data}
        error={members.error}
        onRetry={() => void members.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide description={keyword ? t('list.noMatch', { keyword }) : t('list.empty')} />
          </div>
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((m) => (
            <li key={m.member_id} className="card entity-card member-card" aria-label={m.nickname}>
              <div className="member-head">
                <MemberAvatar nickname={m.nickname} headimgurl={m.headimgurl} seed={m.cardno} />
                <div className="member-who">
                  <h3 className="entity-title">{m.nickname}</h3>
                  <p className="member-tags">
                    <span className="badge" data-client={m.client}>
                      {t(`clients.${m.client}`)}
                    </span>
                    <span className="tag">
                      {m.is_subscribe ? t('list.subscribed') : t('list.notSubscribed')}
                    </span>
                  </p>
                </div>
              </div>
              <dl className="member-facts">
                <div>
                  <dt>{t('list.cardno')}</dt>
                  <dd className="member-cardno">{m.cardno}</dd>
                </div>
                <div>
                  <dt>{t('list.spend')}</dt>
                  <dd>{formatMoney(m.spend, locale)}</dd>
                </div>
                <div>
                  <dt>{t('list.points')}</dt>
                  <dd className="member-points">{m.point}</dd>
                </div>
                <div>
                  <dt>{t('list.orders')}</dt>
                  <dd>{m.order_count}</dd>
                </div>
                <div className="member-date">
                  <dt>{t('list.lastVisit')}</dt>
                  <dd>{m.order_count > 0 ? formatDateTime(m.last_visit_at) : t('list.never')}</dd>
                </div>
                <div className="member-date">
                  <dt>{t('list.since')}</dt>
                  <dd>{formatDateTime(m.created_at)}</dd>
                </div>
              </dl>
              <p className="entity-remarks member-remarks">
                <span className="visually-hidden">{t('list.remarks')}: </span>
                {m.remarks || t('list.noRemarks')}
              </p>
              <CardActions
                label={t('list.actions')}
                actions={[
                  {
                    key: 'remarks',
                    label: t('list.editRemarks'),
                    icon: <EditSOutline />,
                    onClick: () => remarks.open(m),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={members.data?.count ?? 0}
          pageSize={MEMBER_PAGE_SIZE}
          onChange={setPage}
        />
        <p className="muted member-note">{t('list.nicknameNote')}</p>
      </ListState>
      {remarks.opened ? (
        <RemarksEditor
          key={remarks.opened.key}
          visible={remarks.opened.open}
          member={remarks.opened.subject}
          onClose={remarks.close}
        />
      ) : null}
      {rule.opened ? (
        <PointRuleEditor
          key={rule.opened.key}
          visible={rule.opened.open}
          current={rule.opened.subject}
          onClose={rule.close}
        />
      ) : null}
      {download.opened ? (
        <MemberDownload
          key={download.opened.key}
          visible={download.opened.open}
          keyword={download.opened.subject}
          onClose={download.close}
        />
      ) : null}
    </div>
  );
}

/** The points rule (with its change button) and how many members the Member app's quota allows. */
function PointsAndQuota(props: {
  quota: { used: number; max: number } | undefined;
  onEditRule: (current: number) => void;
}) {
  const { t } = useTranslation('members');
  const rule = usePointRule();
  const perYuan = rule.data?.points_per_yuan;
  const { quota } = props;
  const reached = quota !== undefined && quota.used >= quota.max;
  return (
    <section className="card member-summary" aria-labelledby="member-rule-title">
      <div className="member-rule">
        <div>
          <h2 id="member-rule-title" className="card-title">
            {t('rule.title')}
          </h2>
          <p className="member-rule-text" data-testid="member-rule">
            {perYuan === undefined
              ? '…'
              : perYuan === 0
                ? t('rule.off')
                : t('rule.perYuan', { count: perYuan })}
          </p>
        </div>
        <button
          type="button"
          className="chip"
          aria-haspopup="dialog"
          disabled={perYuan === undefined}
          onClick={() => perYuan !== undefined && props.onEditRule(perYuan)}
        >
          {t('rule.edit')}
        </button>
      </div>
      {quota ? (
        <p
          className={reached ? 'member-quota member-quota-reached' : 'member-quota muted'}
          role={reached ? 'alert' : undefined}
        >
          {reached
            ? t('quota.reached', { max: quota.max })
            : t('quota.usage', { count: quota.used, max: quota.max })}
        </p>
      ) : null}
    </section>
  );
}
