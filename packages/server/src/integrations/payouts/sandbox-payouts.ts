import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { PayoutAccount, PayoutProvider, PayoutState } from './payout-provider';

/**
 * What the sandbox bank does with a transfer, chosen from the holder's name so that a test or a person trying the
 * demo picks it by naming the card's holder (case and spaces do not matter):
 * - `frozen` or `冻结`: refused, the account is frozen (every time);
 * - `wrongname` or `户名不符`: refused, the name does not match the account (every time);
 * - `failonce` or `失败一次`: the first transfer to this account number is refused (bank busy), later ones pass;
 * - `slow` or `延迟`: accepted as processing; the next question about it finds it paid;
 * - anything else: paid at once.
 */
export const SANDBOX_PAYOUT_MARKERS = {
  frozen: ['frozen', '冻结'],
  wrongName: ['wrongname', '户名不符'],
  failOnce: ['failonce', '失败一次'],
  slow: ['slow', '延迟'],
} as const;

export const SANDBOX_PAYOUT_REASONS = {
  frozen: 'ACCOUNT_FROZEN',
  wrongName: 'NAME_MISMATCH',
  failOnce: 'BANK_BUSY',
} as const;

type Behaviour = keyof typeof SANDBOX_PAYOUT_MARKERS | 'instant';

export function sandboxPayoutBehaviour(accountName: string): Behaviour {
  const name = accountName.toLowerCase().replace(/[\s_-]/g, '');
  for (const [behaviour, markers] of Object.entries(SANDBOX_PAYOUT_MARKERS)) {
    if (markers.some((m) => name.includes(m))) return behaviour as Behaviour;
  }
  return 'instant';
}

/**
 * The sandbox bank (labelled "sandbox" wherever a payout is shown): it keeps its transfers in its own table,
 * one per idempotency key, so the tests can count what it paid.
 */
export class SandboxPayouts implements PayoutProvider {
  readonly sandbox = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  async transfer(idempotencyKey: string, account: PayoutAccount, amount: number): Promise<PayoutState> {
    const known = await this.find(idempotencyKey);
    if (known) return stateOf(known);
    const now = this.clock();
    const behaviour = sandboxPayoutBehaviour(account.accountName);
    let state: 'success' | 'processing' | 'failed' = 'success';
    let reason = '';
    if (behaviour === 'frozen' || behaviour === 'wrongName') {
      state = 'failed';
      reason = SANDBOX_PAYOUT_REASONS[behaviour];
    } else if (behaviour === 'failOnce') {
      const before = await this.db
        .selectFrom('sandbox_payouts')
        .select('idem_key')
        .where('account_no', '=', account.accountNo)
        .executeTakeFirst();
      if (!before) {
        state = 'failed';
        reason = SANDBOX_PAYOUT_REASONS.failOnce;
      }
    } else if (behaviour === 'slow') {
      state = 'processing';
    }
    await this.db
      .insertInto('sandbox_payouts')
      .values({
        idem_key: idempotencyKey,
        bank_code: account.bankCode,
        account_no: account.accountNo,
        account_name: account.accountName.slice(0, 50),
        amount,
        state,
        reason,
        created_at: now,
        finished_at: state === 'processing' ? null : now,
      })
      .onConflict((oc) => oc.column('idem_key').doNothing())
      .execute();
    const stored = await this.find(idempotencyKey);
    return stored ? stateOf(stored) : { state: 'processing' };
  }

  async query(idempotencyKey: string): Promise<PayoutState | null> {
    const row = await this.find(idempotencyKey);
    if (!row) return null;
    if (row.state === 'processing') {
      // A slow transfer is confirmed when asked about after it was accepted.
      await this.db
        .updateTable('sandbox_payouts')
        .set({ state: 'success', finished_at: this.clock() })
        .where('idem_key', '=', idempotencyKey)
        .where('state', '=', 'processing')
        .execute();
      return { state: 'success' };
    }
    return stateOf(row);
  }

  /** Every transfer it received (tests). */
  transfers() {
    return this.db
      .selectFrom('sandbox_payouts')
      .selectAll()
      .orderBy('created_at')
      .orderBy('idem_key')
      .execute();
  }

  private find(key: string) {
    return this.db.selectFrom('sandbox_payouts').selectAll().where('idem_key', '=', key).executeTakeFirst();
  }
}

function stateOf(row: { state: string; reason: string }): PayoutState {
  if (row.state === 'failed') return { state: 'failed', reason: row.reason };
  if (row.state === 'success') return { state: 'success' };
  return { state: 'processing' };
}
