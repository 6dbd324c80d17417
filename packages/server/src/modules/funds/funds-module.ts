import type { Kysely } from 'kysely';
import { SETTLEMENT_REPORT } from '@vendo/contract/permissions';
import type { Database } from '../../db/database';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { PayoutProvider } from '../../integrations/payouts/payout-provider';
import type { Job } from '../../jobs/job-runner';
import type { Authenticator } from '../../platform/auth';
import { ReportTickets } from '../../platform/report-tickets';
import type { PayoutCards } from '../bank-cards/payout-cards';
import { MerchantZones } from '../orders/merchant-zones';
import { MachinePayouts } from '../devices/machine-payouts';
import { FundsRepository } from './funds-repository';
import { FundsService } from './funds-service';
import { FundLedger, type SplitSource } from './ledger';
import type { PayoutAccounts } from '../bank-cards/payout-accounts';
import type { OrderLookup } from './funds-service';
import { SettlementService } from './settlement-service';
import { SettlementReport } from './settlement-report';

/** How often the settlement job looks for merchants past 13:00 and payouts in flight. */
export const SETTLEMENT_JOB_MS = 60_000;

/** Funds and settlement (issue 16, docs/funds.md). */
export interface FundsModule {
  /** Plugged into the orders module (useMoneyMovements): payments and refunds write the ledger. */
  ledger: FundLedger;
  settlement: SettlementService;
  service: FundsService;
  repo: FundsRepository;
  jobs(): Job[];
}

export function createFunds(deps: {
  db: Kysely<Database>;
  cards: PayoutCards;
  /** Cards of any merchant: split accounts' owners and faces. */
  accounts: PayoutAccounts;
  /** Fee splitting's shares (feeSplits.splits); without it no payment is split. */
  splits?: SplitSource | undefined;
  /** Orders by number (/k/queryTradeRoute). */
  orders: OrderLookup;
  payouts: PayoutProvider;
  clock: () => number;
  timeZone: string;
  log: Pick<GatewayLog, 'error' | 'warn'>;
}): FundsModule {
  const repo = new FundsRepository(deps.db);
  const ledger = new FundLedger({
    repo,
    clock: deps.clock,
    zones: new MerchantZones(deps.timeZone),
    accounts: deps.accounts,
    splits: deps.splits,
  });
  const settlement = new SettlementService({
    repo,
    cards: deps.cards,
    provider: deps.payouts,
    clock: deps.clock,
    timeZone: deps.timeZone,
    log: deps.log,
  });
  const service = new FundsService({
    db: deps.db,
    repo,
    cards: deps.cards,
    accounts: deps.accounts,
    orders: deps.orders,
    machines: new MachinePayouts(deps.db),
    timeZone: deps.timeZone,
    sandbox: deps.payouts.sandbox,
  });
  return {
    ledger,
    settlement,
    service,
    repo,
    jobs: () => [{ name: 'funds-settlement', everyMs: SETTLEMENT_JOB_MS, run: () => settlement.tick() }],
  };
}

/** A settlement record's detail as a file (/b/settleReport): only the app serves downloads. */
export function createSettlementReport(deps: {
  db: Kysely<Database>;
  funds: FundsModule;
  /** Download links: the session that asked, checked again when a link opens. */
  authenticator: Authenticator;
  platformSecret: string;
  clock: () => number;
  timeZone: string;
}): SettlementReport {
  return new SettlementReport({
    db: deps.db,
    service: deps.funds.service,
    tickets: new ReportTickets(deps.platformSecret, deps.clock, 'settlement-report-links', [
      SETTLEMENT_REPORT,
    ]),
    authenticator: deps.authenticator,
    timeZone: deps.timeZone,
  });
}
