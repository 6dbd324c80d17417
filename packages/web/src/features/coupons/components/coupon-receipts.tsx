import { COUPON_RECEIPT_LABELS, type Coupon } from '@vendo/contract/api/coupons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { RECEIPT_PAGE_SIZE, useCouponReceipts } from '../api/coupons-api';

/** 'YYYY-MM-DD HH:mm' in the phone's zone. */
function stamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Receipts and uses of one coupon (or all): how many were received (count) and used (useCount), a page at a time. */
function CouponReceipts({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const receipts = useCouponReceipts(coupon?.coupon_id, page);
  const list = receipts.data?.data ?? [];
  return (
    <SheetFrame
      tall
      title={coupon ? t('receipts.titleOf', { name: coupon.name }) : t('receipts.title')}
      onClose={onClose}
      bodyClassName="coupon-receipts-body"
    >
      {receipts.data ? (
        <p className="muted" aria-live="polite" data-testid="coupon-receipt-summary">
          {t('receipts.summary', { count: receipts.data.count, used: receipts.data.useCount })}
        </p>
      ) : null}
      <ListState
        pending={receipts.isPending}
        failed={receipts.isError && !receipts.data}
        error={receipts.error}
        onRetry={() => void receipts.refetch()}
        empty={list.length === 0}
        emptyGuide={<p className="muted">{t('receipts.empty')}</p>}
      >
        <ul className="card-list" aria-label={t('receipts.title')}>
          {list.map((r) => (
            <li
              key={r.receipt_id}
              className="card coupon-receipt"
              aria-label={`${r.coupon_name} ${r.customer}`}
            >
              <h3>
                {r.coupon_name}
                <span className="coupon-receipt-status" data-status={r.status}>
                  {COUPON_RECEIPT_LABELS[r.status][locale]}
                </span>
              </h3>
              <dl>
                <dt>{t('receipts.customer')}</dt>
                <dd>{r.customer}</dd>
                <dt>{t('receipts.receivedAt')}</dt>
                <dd>{stamp(r.received_at)}</dd>
                {r.used_at !== null ? (
                  <>
                    <dt>{t('receipts.usedAt')}</dt>
                    <dd>{stamp(r.used_at)}</dd>
                  </>
                ) : null}
                {r.order_no ? (
                  <>
                    <dt>{t('receipts.order')}</dt>
                    <dd>
                      {r.order_no} · {r.sn}
                    </dd>
                    <dt>{t('receipts.discount')}</dt>
                    <dd>¥{(r.discount / 100).toFixed(2)}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={receipts.data?.count ?? 0}
          pageSize={RECEIPT_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
    </SheetFrame>
  );
}

export const CouponReceiptsSheet = inSheet(CouponReceipts);
