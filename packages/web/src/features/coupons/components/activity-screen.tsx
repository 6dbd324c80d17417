import {
  COUPON_SCOPE_LABELS,
  COUPON_TYPE_LABELS,
  couponTermsText,
  type Coupon,
} from '@vendo/contract/api/coupons';
import { weekdaysText } from '@vendo/contract/weekdays';
import { Button } from 'antd-mobile';
import { AddOutline, DeleteOutline, EditSOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import couponsTexts from '../../../i18n/resources/coupons';
import { lazyComponent } from '../../../lib/lazy-component';
import { COUPON_PAGE_SIZE, useCoupons, useDeleteCoupon } from '../api/coupons-api';
import '../../../styles/list-page.css';
import './coupons.css';

registerNamespace('coupons', couponsTexts);

const CouponEditor = lazyComponent(() => import('./coupon-editor').then((m) => m.CouponEditorSheet));
const CouponReceipts = lazyComponent(() => import('./coupon-receipts').then((m) => m.CouponReceiptsSheet));

/**
 * /activity (spec §2, §3 Coupon; issue 17): the merchant's coupons with what was received and used, a new or
 * changed coupon in a sheet, its receipts and uses (/b/getCardCouponList: count and useCount), delete with a
 * confirmation. Main account only (the route's access and the server).
 */
export default function ActivityScreen() {
  const { t } = useTranslation('coupons');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const coupons = useCoupons(page);
  const remove = useDeleteCoupon();
  const editor = useOpenedSheet<Coupon | null>();
  const receipts = useOpenedSheet<Coupon | null>();
  const list = coupons.data?.data ?? [];
  const openEditor = editor.open;
  const openReceipts = receipts.open;

  const del = (coupon: Coupon) =>
    confirmDelete({
      title: t('list.deleteTitle'),
      content: t('list.deleteText', { name: coupon.name }),
      remove: () => remove.mutateAsync(coupon.coupon_id),
      failedTitle: t('list.deleteFailed'),
    });

  const actionsOf = (coupon: Coupon): CardAction[] => [
    { key: 'edit', label: t('list.edit'), icon: <EditSOutline />, onClick: () => openEditor(coupon) },
    {
      key: 'receipts',
      label: t('list.receipts'),
      icon: <UnorderedListOutline />,
      onClick: () => openReceipts(coupon),
    },
    {
      key: 'delete',
      label: t('list.delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void del(coupon),
    },
  ];

  return (
    <div className="page coupon-page">
      <div className="coupon-toolbar">
        <Button color="primary" onClick={() => openEditor(null)}>
          <AddOutline aria-hidden="true" /> {t('list.add')}
        </Button>
        <Button onClick={() => openReceipts(null)}>{t('list.allReceipts')}</Button>
      </div>
      {coupons.data && list.length > 0 ? (
        <p className="muted" aria-live="polite">
          {t('list.count', { count: coupons.data.count })}
        </p>
      ) : null}
      <ListState
        pending={coupons.isPending}
        failed={coupons.isError && !coupons.data}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            <EmptyGuide
              description={t('list.empty')}
              actionText={t('list.add')}
              onAction={() => openEditor(null)}
            />
          </div>
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((coupon) => (
            <li key={coupon.coupon_id} className="card coupon-card" aria-label={coupon.name}>
              <h3>
                {coupon.name}
                <span className="coupon-type">{COUPON_TYPE_LABELS[coupon.type][locale]}</span>
              </h3>
              <p className="coupon-terms">{couponTermsText(coupon, locale)}</p>
              <dl>
                <dt>{t('list.scope')}</dt>
                <dd>
                  {COUPON_SCOPE_LABELS[coupon.scope][locale]}
                  {coupon.targets.length ? `: ${coupon.targets.map((x) => x.name).join(', ')}` : ''}
                </dd>
                <dt>{t('list.received')}</dt>
                <dd>
                  {coupon.received} / {coupon.quantity}
                </dd>
                <dt>{t('list.used')}</dt>
                <dd>{coupon.used}</dd>
                <dt>{t('list.limit')}</dt>
                <dd>{coupon.receive_limit}</dd>
                <dt>{t('list.receivePeriod')}</dt>
                <dd>
                  {coupon.receive_start} ~ {coupon.receive_end}
                </dd>
                <dt>{t('list.usePeriod')}</dt>
                <dd>
                  {coupon.use_start} ~ {coupon.use_end}
                </dd>
                <dt>{t('list.weekdays')}</dt>
                <dd>{weekdaysText(coupon.weekdays, locale)}</dd>
                <dt>{t('list.points')}</dt>
                <dd>{coupon.points}</dd>
              </dl>
              <CardActions label={t('list.actions')} actions={actionsOf(coupon)} />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={coupons.data?.count ?? 0}
          pageSize={COUPON_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <section className="card" aria-labelledby="coupon-how-title">
        <h2 id="coupon-how-title" className="card-title">
          {t('list.label')}
        </h2>
        <p className="muted">{t('list.how')}</p>
      </section>
      {editor.opened ? (
        <CouponEditor
          key={editor.opened.key}
          visible={editor.opened.open}
          coupon={editor.opened.subject}
          onClose={editor.close}
        />
      ) : null}
      {receipts.opened ? (
        <CouponReceipts
          key={receipts.opened.key}
          visible={receipts.opened.open}
          coupon={receipts.opened.subject}
          onClose={receipts.close}
        />
      ) : null}
    </div>
  );
}
