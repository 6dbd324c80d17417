import type { Bill } from '@vendo/contract/api/orders';
import { formatMoney } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { billStatusText, statusTone } from '../utils/bills';

/** One bill in the list; tapping it opens the detail. */
export function BillCard({ bill, onOpen }: { bill: Bill; onOpen: (bill: Bill) => void }) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const status = bill.status_text || billStatusText(bill, locale);
  return (
    <li>
      <button type="button" className="card bill-card" onClick={() => onOpen(bill)} aria-haspopup="dialog">
        <div className="bill-card-head">
          <span className="bill-orderno">{bill.orderno}</span>
          <strong>{formatMoney(bill.amount, locale)}</strong>
        </div>
        <p className="bill-line">
          {bill.sn} · {bill.device_title || t('untitled')}
        </p>
        {(bill.discount ?? 0) > 0 ? (
          <p className="bill-line bill-discount">
            {[
              t('detail.discounted', {
                original: formatMoney(bill.original_amount ?? bill.amount, locale),
                discount: formatMoney(bill.discount ?? 0, locale),
              }),
              bill.coupon_name,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        <p className="bill-line muted">
          {[formatDateTime(bill.time), bill.store?.store_name, bill.client_text].filter(Boolean).join(' · ')}
        </p>
        <div className="bill-card-foot">
          <span className="bill-status" data-tone={statusTone(bill.status, bill.refund)}>
            {status}
          </span>
          <span className="muted">
            {bill.refund > 0 ? t('refunded', { amount: formatMoney(bill.refund, locale) }) : null}
            {bill.refunding > 0
              ? ` ${t('refunding', { amount: formatMoney(bill.refunding, locale) })}`
              : null}
          </span>
        </div>
      </button>
    </li>
  );
}
