import type { Bill } from '@vendo/contract/api/orders';
import { centsToYuan, formatMoney } from '@vendo/contract/money';
import { Button, List, Radio } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import type { OperGuard, OperSign } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useOpenedOnce } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { useRefund } from '../api/refund';
import {
  billCost,
  billStatusText,
  mayVendAgain,
  noRefundReason,
  refundAmountProblem,
  refundCents,
} from '../utils/bills';
import { reverifyOnExpiry } from '../utils/reverify';
import { ReplaceSheet } from './replace-sheet';
import { DetailList } from '../../../components/detail-list/detail-list';
import { TEXT_MAX } from '@vendo/contract/constants';

export interface BillDetailProps {
  bill: Bill;
  /** The user holds the refund permission (1031): refunds and vending again. */
  mayRefund: boolean;
  /** The user may list a machine's shelves (DeviceManage), to vend again from another one. */
  seesShelves: boolean;
  guard: OperGuard;
  /** Opens the card lookup on the bill's card. */
  onCard: (cardno: string) => void;
  onClose: () => void;
}

/** A key per refund the person means to make: a retry or a double tap answers the first refund. */
function newRefundKey(): string {
  return `rf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * One bill: what it was, its shopping list with each item's result, its refunds and remarks; vending an
 * abnormal or failed order again; and the refund (spec §5): through the payment channel or recorded as made
 * offline, in full or a custom amount in yuan, with remarks, after the operation password.
 */
function BillDetail({ bill, mayRefund, seesShelves, guard, onCard, onClose }: BillDetailProps) {
  const { t } = useTranslation('bills');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const refund = useRefund();
  const [method, setMethod] = useState<'channel' | 'offline'>('channel');
  const [mode, setMode] = useState<'full' | 'custom'>('full');
  const [amount, setAmount] = useState('');
  const [remarks, setRemarks] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [key] = useState(newRefundKey);
  const [replacing, setReplacing] = useState(false);
  const replaceOpened = useOpenedOnce(replacing);
  const refundable = mayRefund && bill.refundable > 0;
  const offline = method === 'offline';

  const send = (sign: OperSign, cents: number | undefined) => {
    setMessage(null);
    refund.mutate(
      {
        offline,
        orderno: bill.orderno,
        part_refund: cents !== undefined,
        refund_fee: cents,
        remarks,
        sign,
        idempotency_key: key,
      },
      {
        onSuccess: () => {
          toast(offline ? t('refund.doneOffline') : t('refund.done'), { icon: 'success' });
          onClose();
        },
        onError: (error) => {
          if (!reverifyOnExpiry(guard, error, (fresh) => send(fresh, cents))) setMessage(errorText(error));
        },
      },
    );
  };

  const submit = () => {
    let cents: number | undefined;
    if (mode === 'custom') {
      const parsed = refundCents(amount, bill.refundable);
      if (parsed === null) {
        const problem = refundAmountProblem(amount, bill.refundable) ?? 'invalid';
        setAmountError(
          problem === 'empty' || problem === 'over'
            ? t(problem === 'empty' ? 'refund.amountEmpty' : 'refund.amountOver', {
                max: money(bill.refundable),
              })
            : t(problem === 'zero' ? 'refund.amountZero' : 'refund.invalid'),
        );
        return;
      }
      cents = parsed;
    }
    setAmountError(undefined);
    guard.guard((sign) => send(sign, cents));
  };

  const cost = billCost(bill);
  const rows: [string, ReactNode][] = [
    [t('orderNo'), bill.orderno],
    [t('detail.time'), formatDateTime(bill.time)],
    [t('detail.device'), `${bill.sn} · ${bill.device_title || t('untitled')}`],
    [t('detail.store'), bill.store?.store_name ?? ''],
    [t('amount'), money(bill.amount)],
    // A marketing offer lowered the price (issue 17): the original price, the discount and the coupon.
    ...((bill.discount ?? 0) > 0
      ? ([
          [t('detail.originalPrice'), money(bill.original_amount ?? bill.amount)],
          [t('detail.discount'), money(bill.discount ?? 0)],
          [t('detail.coupon'), bill.coupon_name ?? ''],
        ] satisfies [string, ReactNode][])
      : []),
    [t('detail.payment'), bill.client_text],
    [t('detail.status'), bill.status_text || billStatusText(bill, locale)],
    [t('detail.merchantOrder'), bill.merchant_order],
    [
      t('detail.cardno'),
      bill.cardno ? (
        <button
          type="button"
          className="text-button bill-card-link"
          aria-label={t('detail.cardLookup', { cardno: bill.cardno })}
          onClick={() => onCard(bill.cardno)}
        >
          {bill.cardno}
        </button>
      ) : (
        ''
      ),
    ],
    [t('detail.refund'), bill.refund > 0 ? money(bill.refund) : ''],
    // Cost and profit only where the analysis counts the order's cost (spec §4); a full refund says it counts none.
    [t('detail.cost'), cost === 'refunded' ? t('detail.costRefunded') : cost ? money(cost.cost) : ''],
    [t('detail.profit'), cost && cost !== 'refunded' ? money(cost.profit) : ''],
  ];

  // Beside the frame, not in it: a submit in the nested sheet's form must not reach the refund form.
  const replaceSheet = replaceOpened ? (
    <ReplaceSheet
      visible={replacing}
      bill={bill}
      seesShelves={seesShelves}
      guard={guard}
      onDone={() => {
        // Done with this order: back to the list, which no longer shows it as abnormal.
        setReplacing(false);
        onClose();
      }}
      onClose={() => setReplacing(false)}
    />
  ) : null;

  return (
    <>
      <SheetFrame
        title={t('detail.title')}
        onClose={onClose}
        tall
        bodyClassName="bill-detail"
        onSubmit={refundable ? submit : undefined}
        submitText={offline ? t('refund.submitOffline') : t('refund.submit')}
        submitting={refund.isPending}
        message={message}
      >
        <DetailList rows={rows} hideEmpty />
        {mayRefund && mayVendAgain(bill) ? (
          <div className="bill-undelivered" role="group" aria-label={t('replace.title')}>
            <p>{t('detail.undelivered')}</p>
            <Button size="small" color="primary" fill="outline" onClick={() => setReplacing(true)}>
              {t('replace.action')}
            </Button>
          </div>
        ) : null}
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
                    {money(record.amount)} · {t(`detail.refundKinds.${record.kind}`)} · {record.status_text}
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
            <Radio.Group
              value={method}
              onChange={(value) => setMethod(value === 'offline' ? 'offline' : 'channel')}
            >
              <p className="bill-choice-label" id="bill-refund-method">
                {t('refund.method')}
              </p>
              <div role="radiogroup" aria-labelledby="bill-refund-method" className="bill-choices">
                <Radio value="channel">{t('refund.channel')}</Radio>
                <Radio value="offline">{t('refund.offline')}</Radio>
              </div>
            </Radio.Group>
            {offline ? <p className="muted">{t('refund.offlineHint')}</p> : null}
            <Radio.Group value={mode} onChange={(value) => setMode(value === 'custom' ? 'custom' : 'full')}>
              <p className="bill-choice-label" id="bill-refund-share">
                {t('refund.share')}
              </p>
              <div role="radiogroup" aria-labelledby="bill-refund-share" className="bill-choices">
                <Radio value="full">{t('refund.full', { amount: money(bill.refundable) })}</Radio>
                <Radio value="custom">{t('refund.custom')}</Radio>
              </div>
            </Radio.Group>
            <List mode="card" className="bill-form">
              {mode === 'custom' ? (
                <InputField
                  id="bill-refund-amount"
                  label={t('refund.amount')}
                  inputMode="decimal"
                  placeholder={t('refund.amountPlaceholder', { max: centsToYuan(bill.refundable) })}
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
                placeholder={t('refund.remarksPlaceholder')}
                maxLength={TEXT_MAX.note}
                value={remarks}
                onChange={setRemarks}
              />
            </List>
          </div>
        ) : mayRefund ? (
          <p className="muted">{noRefundReason(bill, locale) ?? t('detail.noRefund')}</p>
        ) : null}
      </SheetFrame>
      {replaceSheet}
    </>
  );
}

export const BillSheet = inSheet(BillDetail);
