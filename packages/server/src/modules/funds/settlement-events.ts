import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { recordEvent } from '../events/event-outbox';
import type { SettlementRow } from './funds-tables';

/**
 * A settlement's payout finished (issue 20, docs/webhooks.md): written through the events outbox inside the
 * transaction that records the bank's answer, last in it.
 */
export async function settlementEvent(
  trx: Kysely<Database>,
  s: Pick<SettlementRow, 'id' | 'merchant_id' | 'settle_date' | 'settle_amt' | 'acct_no_mask' | 'attempt'>,
  outcome: { succeeded: true } | { succeeded: false; reason: string },
  at: number,
): Promise<void> {
  const data = {
    settlement_id: s.id,
    settle_date: s.settle_date,
    settle_amt: s.settle_amt,
    acct_no_mask: s.acct_no_mask,
    attempt: s.attempt,
  };
  const base = { merchantId: s.merchant_id, storeId: null, at };
  if (outcome.succeeded) await recordEvent(trx, { ...base, type: 'settlement.succeeded', data });
  else
    await recordEvent(trx, { ...base, type: 'settlement.failed', data: { ...data, reason: outcome.reason } });
}
