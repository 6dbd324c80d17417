import type { Config } from '../config';
import type { Db } from '../db/create-db';
import type { PayoutProvider } from '../integrations/payouts/payout-provider';
import { SandboxPayouts } from '../integrations/payouts/sandbox-payouts';
import { CardDataCipher } from '../modules/bank-cards/card-data-cipher';
import { BankCardRepository } from '../modules/bank-cards/bank-card-repository';
import { PayoutAccounts } from '../modules/bank-cards/payout-accounts';
import { PayoutCards } from '../modules/bank-cards/payout-cards';
import { OrderRepository } from '../modules/orders/order-repository';
import { createFunds } from '../modules/funds/funds-module';
import { settleStatus } from '../modules/funds/funds-service';
import { dayBounds, isCalendarDate } from '../modules/funds/settlement-math';
import { loadPlatformSecret } from '../platform/platform-secret';

const usage = `vendo settle --date YYYYMMDD [--merchant N]   settle a merchant-local day by hand (idempotent)
vendo settle --paid ID                          record a manual-transfer settlement as paid by hand`;

/**
 * `vendo settle` (docs/funds.md): the daily settlement of one day, run by hand for every merchant holding money
 * or one of them, through the same code as the 13:00 job; then the payouts it made are sent. A day settled before
 * is left alone, so running it twice changes nothing.
 */
export async function runSettle(
  db: Db,
  config: Pick<Config, 'secret' | 'timeZone' | 'payoutProvider'>,
  args: string[],
  out: (line: string) => void,
  clock: () => number = Date.now,
): Promise<number> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--'))
      flags.set(arg.slice(2), args[i + 1] && !args[i + 1]!.startsWith('--') ? args[++i]! : '');
  }
  const secret = await loadPlatformSecret(db.kysely, config.secret);
  const payouts: PayoutProvider = buildPayouts(db, config, clock);
  const cipher = new CardDataCipher(secret);
  const funds = createFunds({
    db: db.kysely,
    cards: new PayoutCards(db.kysely, cipher),
    accounts: new PayoutAccounts(new BankCardRepository(db.kysely), cipher),
    orders: new OrderRepository(db.kysely),
    payouts,
    clock,
    timeZone: config.timeZone,
    log: { error: (obj, msg) => out(`error: ${msg ?? ''} ${JSON.stringify(obj)}`), warn: () => undefined },
  });

  const paid = flags.get('paid');
  if (paid !== undefined) {
    const id = Number(paid);
    if (!Number.isSafeInteger(id) || id <= 0) return fail(out, 'settle --paid: a settlement id');
    if (!(await funds.settlement.markManualPaid(id))) {
      return fail(out, `settlement ${id} is not a pending manual-transfer settlement`);
    }
    out(`settlement ${id} recorded as paid by hand`);
    return 0;
  }

  const date = (flags.get('date') ?? '').replace(/-/g, '');
  if (!isCalendarDate(date)) return fail(out, usage);
  const only = flags.get('merchant');
  if (only !== undefined && !/^\d+$/.test(only)) return fail(out, 'settle --merchant: a merchant id');
  let merchants = await funds.repo.merchantsWithAccounts();
  if (only !== undefined) merchants = merchants.filter((m) => m.id === Number(only));
  if (merchants.length === 0) out('no merchant holds money for that day');
  if (payouts.sandbox) out('payouts go to the SANDBOX bank: no real money moves');
  let code = 0;
  for (const m of merchants) {
    const zone = m.time_zone || config.timeZone;
    if (dayBounds(date, zone).end > clock()) {
      out(`merchant #${m.id}: ${date} has not ended in ${zone}; nothing settled`);
      code = 1;
      continue;
    }
    const outcome = await funds.settlement.settleDay(m.id, date, zone);
    out(
      outcome.ran
        ? `merchant #${m.id}: ${date} settled, ${outcome.settlements} settlement(s)`
        : `merchant #${m.id}: ${date} was settled before`,
    );
    await funds.settlement.payouts(m.id);
    const { rows } = await funds.repo.listSettlements(
      { merchantId: m.id, from: date, to: date, accountIds: null },
      { pageNum: 1, pageSize: 999 },
    );
    for (const r of rows) {
      out(
        `  #${r.id} ${r.acct_no_mask || 'manual transfer'} gross=${r.gross_amt} fee=${r.poundage + r.transfer_fee} ` +
          `settle_amt=${r.settle_amt} status=${settleStatus(r.state)} ${r.state}${r.fail_reason ? ` (${r.fail_reason})` : ''}`,
      );
    }
  }
  return code;
}

function buildPayouts(db: Db, config: Pick<Config, 'payoutProvider'>, clock: () => number): PayoutProvider {
  switch (config.payoutProvider) {
    case 'sandbox':
      return new SandboxPayouts(db.kysely, clock);
  }
}

function fail(out: (line: string) => void, message: string): number {
  out(message);
  return 2;
}
