import type { Settlement } from '@vendo/contract/api/funds';
import { SETTLEMENT_LABELS } from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { cardTail, settleDateText, settleTone } from '../utils/funds';
import { accountBankText } from './account-name';

/** The state of a record as a coloured pill, in the words of spec §4. */
export function SettleStatus({ code }: { code: number }) {
  const locale = currentLocale();
  const { state, tone } = settleTone(code);
  return (
    <span className="settle-status" data-tone={tone}>
      {SETTLEMENT_LABELS[state][locale]}
    </span>
  );
}

/** One settlement record in the list; tapping it opens its detail. */
export function SettleCard({ record, onOpen }: { record: Settlement; onOpen: (record: Settlement) => void }) {
  const { t } = useTranslation('funds');
  const locale = currentLocale();
  const date = settleDateText(record.settle_date);
  const failed = settleTone(record.settle_status).state === 'fail';
  const tail = cardTail(record.acct_no_encry);
  return (
    <li>
      <button
        type="button"
        className="card settle-card"
        data-failed={failed}
        aria-haspopup="dialog"
        aria-label={t('settle.open', { date })}
        onClick={() => onOpen(record)}
      >
        <span className="settle-card-head">
          <span className="settle-date">{date}</span>
          <strong className="settle-amount">{formatMoney(record.settle_amt, locale)}</strong>
        </span>
        <span className="settle-account">
          {[accountBankText(record, t, locale), tail ? `••••\u00a0${tail}` : '', record.acct_name]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="settle-card-foot">
          <SettleStatus code={record.settle_status} />
          <span className="muted">
            {t('settle.orders', { count: record.order_count })}
            {record.refund_count > 0 ? ` · ${t('settle.refunds', { count: record.refund_count })}` : ''}
          </span>
        </span>
        {failed && record.fail_reason ? (
          <span className="settle-reason">{t('settle.failReason', { reason: record.fail_reason })}</span>
        ) : null}
      </button>
    </li>
  );
}
