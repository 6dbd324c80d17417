import type { Settlement } from '@vendo/contract/api/funds';
import { PAYMENT_LABELS, PAYMENTS } from '@vendo/contract/enums';
import { SETTLEMENT_REPORT } from '@vendo/contract/permissions';
import { formatMoney } from '@vendo/contract/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list/detail-list';
import { ListState } from '../../../components/list-state/list-state';
import { ReportDownload } from '../../../components/report-download/report-download';
import { Pagination } from '../../../components/pagination/pagination';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { SETTLE_LINE_PAGE_SIZE, useSettleDetail } from '../api/get-settle-detail';
import { settleDateText, settleTone } from '../utils/funds';
import { accountBankText } from './account-name';
import { SandboxTag } from './sandbox-tag';
import { SettleStatus } from './settle-card';

export interface SettleDetailProps {
  /** The record as the list showed it: shown at once, replaced by the detail's own copy when it arrives. */
  record: Settlement;
  /** The list's answer came from the sandbox bank. */
  sandbox: boolean;
  onClose: () => void;
}

function clientText(client: string, locale: ReturnType<typeof currentLocale>): string {
  const payment = PAYMENTS.find((p) => p === client);
  return payment ? PAYMENT_LABELS[payment][locale] : client;
}

/**
 * One settlement (spec §3, §9): its state and account, how the amount paid out came about (income, refunds,
 * carried debt, the fees), its counts and times, and, a page at a time, the orders and refunds it covers.
 */
function SettleDetail({ record: listed, sandbox, onClose }: SettleDetailProps) {
  const { t } = useTranslation('funds');
  const locale = currentLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const [page, setPage] = useState(1);
  const detail = useSettleDetail(listed.id, page);
  const record = detail.data?.record ?? listed;
  const date = settleDateText(record.settle_date);
  const failed = settleTone(record.settle_status).state === 'fail';
  const lines = detail.data?.lines.data ?? [];
  const lineCount = detail.data?.lines.count ?? 0;

  const account = [accountBankText(record, t, locale), record.acct_no_encry, record.acct_name]
    .filter(Boolean)
    .join(' · ');

  return (
    <SheetFrame title={t('detail.title', { date })} onClose={onClose} tall bodyClassName="settle-detail">
      <div className="settle-detail-head">
        <SettleStatus code={record.settle_status} />
        {sandbox || detail.data?.sandbox ? <SandboxTag /> : null}
        {/* The orders and refunds it covers as a file (1033 with 1036); an open record has no detail. */}
        <ReportDownload kind={SETTLEMENT_REPORT} id={record.id} subject={t('detail.title', { date })} />
      </div>
      <p className="settle-detail-amount">
        <span className="muted">{t('detail.settleAmt')}</span>
        <strong>{money(record.settle_amt)}</strong>
      </p>
      {failed && record.fail_reason ? (
        <p className="settle-reason" role="note">
          {t('settle.failReason', { reason: record.fail_reason })} {t('settle.retryNote')}
        </p>
      ) : null}
      <DetailList
        className="settle-facts"
        rows={[
          [t('detail.account'), account],
          [t('detail.createdAt'), formatDateTime(record.created_at)],
          [
            t('detail.finishedAt'),
            record.finished_at === null ? t('detail.notFinished') : formatDateTime(record.finished_at),
          ],
          [t('detail.orderCount'), String(record.order_count)],
          [t('detail.refundCount'), String(record.refund_count)],
        ]}
      />
      <h3 className="settle-section-title">{t('detail.amounts')}</h3>
      <DetailList
        className="settle-sums"
        rows={[
          [t('detail.income'), money(record.income_amt)],
          [t('detail.refunds'), money(record.refund_amt)],
          ...(record.carried_amt !== 0 ? ([[t('detail.carried'), money(record.carried_amt)]] as const) : []),
          [t('detail.gross'), money(record.gross_amt)],
          [t('detail.poundage'), money(record.poundage)],
          ...(record.transfer_fee !== 0
            ? ([[t('detail.transferFee'), money(record.transfer_fee)]] as const)
            : []),
          [t('detail.settleAmt'), <strong key="amt">{money(record.settle_amt)}</strong>],
        ]}
      />
      <p className="muted settle-fee-note">{t('detail.feeNote')}</p>
      <h3 className="settle-section-title">
        {t('detail.lines')}
        {detail.data ? (
          <span className="muted"> · {t('detail.linesCount', { count: lineCount })}</span>
        ) : null}
      </h3>
      <ListState
        pending={detail.isPending}
        failed={detail.isError && !detail.data}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        empty={lines.length === 0}
        emptyGuide={<p className="muted">{t('detail.noLines')}</p>}
      >
        <ul className="settle-lines" aria-label={t('detail.lines')}>
          {lines.map((line) => (
            <li key={`${line.kind}-${line.orderno}-${line.time}`} data-kind={line.kind}>
              <span className="settle-line-main">
                <span className="settle-line-kind">{t(`detail.${line.kind}`)}</span>
                <span className="settle-line-orderno">{line.orderno}</span>
              </span>
              <span className="settle-line-amount">{money(line.amount)}</span>
              <span className="muted settle-line-meta">
                {[
                  formatDateTime(line.time),
                  t('detail.machine', { sn: line.sn }),
                  clientText(line.client, locale),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
        <Pagination current={page} total={lineCount} pageSize={SETTLE_LINE_PAGE_SIZE} onChange={setPage} />
      </ListState>
    </SheetFrame>
  );
}

export const SettleSheet = inSheet(SettleDetail);
