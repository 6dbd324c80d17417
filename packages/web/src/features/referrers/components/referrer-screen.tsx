import { formatCommission, REFERRER_FIELD_LABELS, type Referrer } from '@vendo/contract/api/referrers';
import { formatMoney } from '@vendo/contract/money';
import { DeleteOutline, EditSOutline, LinkOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { initialRange, type TimeRange } from '../../../components/time-range-picker/time-range';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import referrersTexts from '../../../i18n/resources/referrers';
import { lazyComponent } from '../../../lib/lazy-component';
import {
  COMMISSION_PAGE_SIZE,
  REFERRER_PAGE_SIZE,
  useCommission,
  useDeleteReferrer,
  useReferrers,
} from '../api/referrers-api';
import '../../../styles/list-page.css';
import './referrers.css';

registerNamespace('referrers', referrersTexts);

const ReferrerEditor = lazyComponent(() => import('./referrer-editor').then((m) => m.ReferrerEditorSheet));
const ReferrerLink = lazyComponent(() => import('./referrer-link').then((m) => m.ReferrerLinkSheet));

/**
 * /referrer (spec §2, §3 Referrer; issue 17): the merchant's referrers (number, commission, referred sales and
 * commission earned), a new one or a change in a sheet, delete with a confirmation, each one's link and QR code,
 * and the commission per day in the picker's range. Main account only (the route's access and the server).
 */
export default function ReferrerScreen() {
  const { t } = useTranslation('referrers');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const referrers = useReferrers(page, keyword);
  const remove = useDeleteReferrer();
  const editor = useOpenedSheet<Referrer | null>();
  const [linking, setLinking] = useState<{ referrer: Referrer; open: boolean } | null>(null);
  const list = referrers.data?.data ?? [];
  const openEditor = editor.open;

  const del = (r: Referrer) =>
    confirmDelete({
      title: t('list.deleteTitle'),
      content: t('list.deleteText', { name: r.referrer_name }),
      remove: () => remove.mutateAsync(r.referrer_id),
      failedTitle: t('list.deleteFailed'),
    });

  const actionsOf = (r: Referrer): CardAction[] => [
    { key: 'edit', label: t('list.edit'), icon: <EditSOutline />, onClick: () => openEditor(r) },
    {
      key: 'link',
      label: t('list.link'),
      icon: <LinkOutline />,
      onClick: () => setLinking({ referrer: r, open: true }),
    },
    {
      key: 'delete',
      label: t('list.delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void del(r),
    },
  ];

  return (
    <div className="page referrer-page">
      <ListSearch
        placeholder={t('list.search')}
        onSearch={(term) => {
          setKeyword(term);
          setPage(1);
        }}
        add={{ label: t('list.add'), onClick: () => openEditor(null) }}
      />
      {referrers.data && list.length > 0 ? (
        <p className="muted" aria-live="polite">
          {t('list.count', { count: referrers.data.count })}
        </p>
      ) : null}
      <ListState
        pending={referrers.isPending}
        failed={referrers.isError && !referrers.data}
        error={referrers.error}
        onRetry={() => void referrers.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            {keyword ? (
              <EmptyGuide description={t('list.noMatch', { keyword })} />
            ) : (
              <EmptyGuide
                description={t('list.empty')}
                actionText={t('list.add')}
                onAction={() => openEditor(null)}
              />
            )}
          </div>
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((r) => (
            <li key={r.referrer_id} className="card referrer-card" aria-label={r.referrer_name}>
              <h3>{r.referrer_name}</h3>
              <dl>
                <dt>{t('list.number')}</dt>
                <dd>{r.referrer_no || t('list.noNumber')}</dd>
                <dt>{t('list.commission')}</dt>
                <dd>{formatCommission(r.commission)}%</dd>
                <dt>{t('list.sales')}</dt>
                <dd>{r.sale_count}</dd>
                <dt>{t('list.earned')}</dt>
                <dd>{formatMoney(r.commission_amt, locale)}</dd>
                {r.remarks ? (
                  <>
                    <dt>{REFERRER_FIELD_LABELS['remarks']?.[locale]}</dt>
                    <dd>{r.remarks}</dd>
                  </>
                ) : null}
              </dl>
              <CardActions label={t('list.actions')} actions={actionsOf(r)} />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={referrers.data?.count ?? 0}
          pageSize={REFERRER_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <CommissionPerDay />
      {editor.opened ? (
        <ReferrerEditor
          key={editor.opened.key}
          visible={editor.opened.open}
          referrer={editor.opened.subject}
          onClose={editor.close}
        />
      ) : null}
      {linking ? (
        <ReferrerLink
          key={linking.referrer.referrer_id}
          visible={linking.open}
          referrer={linking.referrer}
          onClose={() => setLinking((l) => (l ? { ...l, open: false } : l))}
        />
      ) : null}
    </div>
  );
}

/** The commission per day and referrer in the picker's range (this month first), with the range's totals. */
function CommissionPerDay() {
  const { t } = useTranslation('referrers');
  const locale = currentLocale();
  const [now] = useState(Date.now);
  const [range, setRange] = useState<TimeRange>(() => initialRange('month', now));
  const [page, setPage] = useState(1);
  const days = useCommission(range, page);
  const rows = days.data?.data ?? [];
  const totals = days.data?.totals;
  return (
    <section className="card referrer-commission" aria-labelledby="referrer-commission-title">
      <h2 id="referrer-commission-title" className="card-title">
        {t('commission.title')}
      </h2>
      <TimeRangePicker
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
      />
      {totals ? (
        <p className="referrer-totals" aria-live="polite">
          {t('commission.totals', {
            count: totals.sale_count,
            paid: formatMoney(totals.paid_amt, locale),
            commission: formatMoney(totals.commission_amt, locale),
          })}
        </p>
      ) : null}
      <ListState
        pending={days.isPending}
        failed={days.isError && !days.data}
        error={days.error}
        onRetry={() => void days.refetch()}
        empty={rows.length === 0}
        emptyGuide={<p className="muted">{t('commission.empty')}</p>}
      >
        <ul className="referrer-days" aria-label={t('commission.label')}>
          {rows.map((row) => (
            <li key={`${row.day}-${row.referrer_id}`}>
              <p className="referrer-day-head">
                {t('commission.row', { day: row.day, name: row.referrer_name })}
                {row.deleted ? <span className="tag">{t('commission.deleted')}</span> : null}
              </p>
              <dl className="referrer-figures">
                <div>
                  <dt>{t('commission.sales', { count: row.sale_count })}</dt>
                  <dd>{formatMoney(row.paid_amt, locale)}</dd>
                </div>
                <div>
                  <dt>{t('commission.refund')}</dt>
                  <dd>{formatMoney(row.refund_amt, locale)}</dd>
                </div>
                <div>
                  <dt>{t('commission.commission')}</dt>
                  <dd className="referrer-commission-amt">{formatMoney(row.commission_amt, locale)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={days.data?.count ?? 0}
          pageSize={COMMISSION_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <p className="muted">{t('commission.ledgerNote')}</p>
    </section>
  );
}
