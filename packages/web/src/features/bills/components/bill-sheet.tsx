import type { Bill } from '@vendo/contract/api/orders';
import { centsToYuan, formatMoney } from '@vendo/contract/money';
import { Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import {
  isOperSignExpired,
  type OperGuard,
  type OperSign,
} from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useRefund } from '../api/refund';
import { billStatusText, refundCents } from '../utils/bills';

export interface BillDetailProps {
  bill: Bill;
  /** The user holds the refund permission (1031). */
  mayRefund: boolean;
  guard: OperGuard;
  onClose: () => void;
}

/** A key per refund the person means to make: a retry or a double tap answers the first refund. */
function newRefundKey(): string {
  return `rf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * One bill: what it was, its shopping list with each item's result, its refunds and remarks; and the refund
 * (spec §5): full or a custom amount in yuan, remarks, then the operation password, then /b/refund.
 */
function BillDetail({ bill, mayRefund, guard, onClose }: BillDetailProps) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const refund = useRefund();
  const [mode, setMode] = useState<'full' | 'custom'>('full');
  const [amount, setAmount] = useState('');
  const [remarks, setRemarks] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [key] = useState(newRefundKey);
  const refundable = mayRefund && bill.refundable > 0;

  const send = (sign: OperSign, cents: number | undefined) => {
    setMessage(null);
    refund.mutate(
      {
        orderno: bill.orderno,
        part_refund: cents !== undefined,
        refund_fee: cents,
        remarks,
        sign,
        idempotency_key: key,
      },
      {
        onSuccess: () => {
          toast(t('refund.done'), { icon: 'success' });
          onClose();
        },
        onError: (error) => {
          if (isOperSignExpired(error)) {
            // The operator session lapsed: verify again, then send the same refund.
            guard.expire();
            toast(errorText(error));
            guard.guard((fresh) => send(fresh, cents));
            return;
          }
          setMessage(errorText(error));
        },
      },
    );
  };

  const submit = () => {
    let cents: number | undefined;
    if (mode === 'custom') {
      const parsed = refundCents(amount, bill.refundable);
      if (parsed === null) {
        setAmountError(t('refund.invalid'));
        return;
      }
      cents = parsed;
    }
    setAmountError(undefined);
    guard.guard((sign) => send(sign, cents));
  };

  const rows: [string, string][] = [
    [t('orderNo'), bill.orderno],
    [t('detail.time'), formatDateTime(bill.time)],
    [t('detail.device'), `${bill.sn} · ${bill.device_title || t('untitled')}`],
    [t('detail.store'), bill.store?.store_name ?? ''],
    [t('amount'), money(bill.amount)],
    [t('detail.payment'), bill.client_text],
    [t('detail.status'), bill.status_text || billStatusText(bill, locale)],
    [t('detail.merchantOrder'), bill.merchant_order],
    [t('detail.cardno'), bill.cardno],
    [t('detail.refund'), bill.refund > 0 ? money(bill.refund) : ''],
    [t('detail.cost'), bill.cost_price === null ? '' : money(bill.cost_price)],
  ];

  return (
    <SheetFrame
      title={t('detail.title')}
      onClose={onClose}
      tall
      bodyClassName="bill-detail"
      onSubmit={refundable ? submit : undefined}
      submitText={t('refund.submit')}
      submitting={refund.isPending}
      message={message}
    >
      <dl>
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <h3>{t('detail.goods')}</h3>
      <ul className="bill-items">
        {bill.goods.map((item, index) => (
          <li key={`${item.channel_sn}-${index}`}>
            <div>
              {item.goods_name} × {item.quantity} · {money(item.price)}
            </div>
            <div className="muted">
              #{item.channel_sn} ·{' '}
              {t('detail.delivered', { delivered: item.delivered, quantity: item.quantity })}
              {item.err_text ? ` · ${item.err_text}` : ''}
            </div>
          </li>
        ))}
      </ul>
      {bill.refunds.length > 0 ? (
        <>
          <h3>{t('detail.refunds')}</h3>
          <ul className="bill-items">
            {bill.refunds.map((record) => (
              <li key={record.refund_no}>
                <div>
                  {money(record.amount)} · {record.status_text}
                </div>
                <div className="muted">
                  {[
                    formatDateTime(record.create_time),
                    record.operator ? record.operator.nickname || record.operator.username : '',
                    record.remarks,
                    record.fail_reason,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {bill.remarks ? (
        <>
          <h3>{t('detail.remarks')}</h3>
          <p>{bill.remarks}</p>
        </>
      ) : null}
      {refundable ? (
        <div className="bill-refund-form">
          <h3>{t('refund.title')}</h3>
          <Radio.Group value={mode} onChange={(value) => setMode(value === 'custom' ? 'custom' : 'full')}>
            <Radio value="full">{t('refund.full', { amount: money(bill.refundable) })}</Radio>
            <Radio value="custom">{t('refund.custom')}</Radio>
          </Radio.Group>
          {mode === 'custom' ? (
            <InputField
              id="bill-refund-amount"
              label={t('refund.amount')}
              inputMode="decimal"
              placeholder={centsToYuan(bill.refundable)}
              value={amount}
              error={amountError}
              onChange={(value) => {
                setAmount(value);
                setAmountError(undefined);
              }}
            />
          ) : null}
          <TextAreaField
            id="bill-refund-remarks"
            label={t('refund.remarks')}
            maxLength={200}
            value={remarks}
            onChange={setRemarks}
          />
        </div>
      ) : mayRefund ? (
        <p className="muted">{t('detail.noRefund')}</p>
      ) : null}
    </SheetFrame>
  );
}

export const BillSheet = inSheet(BillDetail);
