import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type * as api from '@vendo/contract/api/splits';
import {
  checkSplitRules,
  SPLIT_CONFIGS_MAX,
  SPLIT_LOOKUP_LIMIT,
  SPLIT_PAY_CHANNELS,
  splitCovers,
  type SplitConfig,
  type SplitPayChannel,
  type SplitShare,
} from '@vendo/contract/api/splits';
import { BANK_LABELS } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import type { RateLimiter } from '../../platform/rate-limit';
import { scopeOf, storeInScope, type Scope } from '../../platform/scope';
import { maskHolderName, type CardAccount, type PayoutAccounts } from '../bank-cards/payout-accounts';
import { MachinePayouts, type SplitDetail, type SplitDetails } from '../devices/machine-payouts';
import { FeeSplitRepository } from './fee-split-repository';
import type { SplitConfigAccountRow, SplitConfigRow } from './fee-split-tables';
import { AuditLog, diffFields, originOf, type AuditChange } from '../audit/audit-log';

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;
type ConfigBody = Body<typeof api.addSplitAccount>;

export interface FeeSplitsDeps {
  db: Kysely<Database>;
  /** Cards of any merchant (the bank-card module's). */
  accounts: PayoutAccounts;
  limiter: RateLimiter;
  clock: () => number;
}

/** A configuration's cards as checked against the card store. */
interface Resolved {
  main: CardAccount | undefined;
  cards: Map<string, CardAccount>;
}

/**
 * Fee splitting (issue 16): configurations of the main account's and split accounts' shares, machines turned on
 * and off, and the shares the ledger books a payment by (`sharesFor`).
 */
export class FeeSplitsService implements SplitDetails {
  private readonly repo: FeeSplitRepository;

  constructor(private readonly d: FeeSplitsDeps) {
    this.repo = new FeeSplitRepository(d.db);
  }

  // -- Split accounts by card number

  /** Other merchants' approved cards with this number, masked; limited per user (a search over others' cards). */
  async lookup(
    auth: AuthContext,
    digits: string,
    locale: Locale,
  ): Promise<CallResult<typeof api.getMchByBankNo>> {
    const user = auth.user.id;
    await this.d.limiter.reserve([
      {
        bucket: `split-lookup:user:${user}`,
        windowMs: SPLIT_LOOKUP_LIMIT.windowMs,
        limit: SPLIT_LOOKUP_LIMIT.perWindow,
      },
      { bucket: `split-lookup:user-day:${user}`, windowMs: 86_400_000, limit: SPLIT_LOOKUP_LIMIT.perDay },
    ]);
    const found = await this.d.accounts.approvedByNumber(digits);
    const others = found.filter((a) => a.ownerMerchantId !== auth.merchant.id);
    if (others.length === 0) {
      throw new AppError(found.length > 0 ? RCODE.SPLIT_ACCOUNT_IS_OWN : RCODE.SPLIT_ACCOUNT_NOT_FOUND);
    }
    return {
      data: others.map((a) => ({
        merchant_id: a.merchant_id,
        acct_name: maskHolderName(a.acct_name),
        acct_no_encry: a.acct_no_mask,
        bank_code: a.bank_code,
        bank: BANK_LABELS[a.bank_code][locale],
      })),
      count: others.length,
    };
  }

  // -- Configurations

  async add(auth: AuthContext, body: ConfigBody): Promise<CallResult<typeof api.addSplitAccount>> {
    const scope = await scopeOf(this.d.db, auth);
    await this.checkConfig(scope, body);
    const now = this.d.clock();
    const id = await this.repo.transaction(async (repo, trx) => {
      await repo.lockMerchant(scope.merchantId);
      if ((await repo.countConfigs(scope.merchantId)) >= SPLIT_CONFIGS_MAX) {
        throw new AppError(RCODE.SPLIT_CONFIG_LIMIT, { max: SPLIT_CONFIGS_MAX });
      }
      if (await repo.nameTaken(scope.merchantId, body.bank_split_name, null)) {
        throw new AppError(RCODE.SPLIT_NAME_TAKEN);
      }
      const configId = await repo.insertConfig({
        merchant_id: scope.merchantId,
        created_by: scope.userId,
        ...columnsOf(body),
        version: 1,
        created_at: now,
        updated_at: now,
      });
      await this.saveVersion(repo, configId, 1, body, scope.userId, now);
      await this.audit(trx, auth, 'create', configId, body.bank_split_name, [
        ...diffFields(null, columnsOf(body)),
        { field: 'split_merchant', before: null, after: sharesText(body) },
      ]);
      return configId;
    });
    return { bank_split_id: String(id), version: 1 };
  }

  /** Changes a configuration in place (the ledger books each payment with the shares of its moment). */
  async update(
    auth: AuthContext,
    body: Body<typeof api.updateSplitAccount>,
  ): Promise<CallResult<typeof api.updateSplitAccount>> {
    const scope = await scopeOf(this.d.db, auth);
    await this.visibleConfig(scope, body.bank_split_id);
    await this.checkConfig(scope, body);
    const now = this.d.clock();
    const version = await this.repo.transaction(async (repo, trx) => {
      await repo.lockMerchant(scope.merchantId);
      // Read again under the lock: two updates of one configuration make two versions, not one twice.
      const row = await repo.findConfig(scope.merchantId, Number(body.bank_split_id));
      if (!row) throw new AppError(RCODE.SPLIT_CONFIG_NOT_FOUND);
      if (await repo.nameTaken(scope.merchantId, body.bank_split_name, row.id)) {
        throw new AppError(RCODE.SPLIT_NAME_TAKEN);
      }
      const next = row.version + 1;
      await repo.updateConfig(row.id, { ...columnsOf(body), version: next, updated_at: now });
      const before = sharesText({
        split_merchant: (await repo.accountsOf([row.id])).map((a) => ({
          merchant_id: a.account_id,
          split_percent: a.percent,
        })),
      });
      await this.saveVersion(repo, row.id, next, body, scope.userId, now);
      await this.audit(trx, auth, 'edit', row.id, body.bank_split_name, [
        ...diffFields(
          {
            name: row.name,
            main_merchant_id: row.main_merchant_id,
            main_percent: row.main_percent,
            pay_channel: row.pay_channel,
          },
          columnsOf(body),
        ),
        { field: 'split_merchant', before, after: sharesText(body) },
        { field: 'version', before: row.version, after: next },
      ]);
      return next;
    });
    return { bank_split_id: body.bank_split_id, version };
  }

  async list(
    auth: AuthContext,
    body: Body<typeof api.getMchSplitAccount>,
  ): Promise<CallResult<typeof api.getMchSplitAccount>> {
    const scope = await scopeOf(this.d.db, auth);
    const { rows, count } = await this.repo.list(
      {
        merchantId: scope.merchantId,
        createdBy: scope.bankOwnOnly ? scope.userId : null,
        keyword: body.condition.keyword,
      },
      body,
    );
    const presented = await this.present(scope.merchantId, rows);
    const devices = await new MachinePayouts(this.d.db).countsBySplit(
      scope.merchantId,
      rows.map((r) => String(r.id)),
    );
    return {
      data: rows.map((row, i): SplitConfig => {
        const { detail, valid } = presented[i]!;
        return {
          ...detail,
          pay_channel: asChannel(row.pay_channel),
          bank_split_id: String(row.id),
          version: row.version,
          device_count: devices.get(String(row.id)) ?? 0,
          valid,
          create_time: row.created_at,
          update_time: row.updated_at,
        };
      }),
      count,
    };
  }

  /** SplitDetails for the device list: the merchant's configurations by id. */
  async details(merchantId: number, splitIds: readonly string[]): Promise<Map<string, SplitDetail>> {
    const ids = splitIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const rows = await this.repo.configsByIds(merchantId, ids);
    const presented = await this.present(merchantId, rows);
    return new Map(rows.map((row, i) => [String(row.id), presented[i]!.detail]));
  }

  // -- Machines

  /** Turns a machine's split on with a configuration of the merchant, or off (keeping its choice). */
  async setSplit(
    auth: AuthContext,
    body: Body<typeof api.setSplit>,
  ): Promise<CallResult<typeof api.setSplit>> {
    const scope = await scopeOf(this.d.db, auth);
    const machines = new MachinePayouts(this.d.db);
    const machine = await machines.routing(scope.merchantId, body.sn);
    if (!machine || !storeInScope(scope, machine.storeId)) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    // Staff with "only own" cards neither switch off nor replace a split running on someone else's configuration.
    if (machine.isBankSplit && machine.bankSplitId !== null)
      await this.visibleConfig(scope, machine.bankSplitId);
    const on = body.is_bank_split === 1;
    let splitId = machine.bankSplitId;
    if (body.bank_split_id !== null)
      splitId = String((await this.visibleConfig(scope, body.bank_split_id)).id);
    if (on) {
      if (splitId === null) throw new AppError(RCODE.SPLIT_CONFIG_REQUIRED);
      // A configuration whose cards are no longer approved is not switched on.
      const row = await this.visibleConfig(scope, splitId);
      const accounts = await this.repo.accountsOf([row.id]);
      this.checkCards(
        scope,
        row.main_merchant_id,
        accounts,
        await this.resolve(row.main_merchant_id, accounts),
      );
    }
    await machines.setSplit(scope.merchantId, body.sn, on, splitId, this.d.clock());
    // The machines module changes it in its own transaction: the entry follows it.
    await new AuditLog(this.d.clock).record(this.d.db, {
      merchantId: scope.merchantId,
      origin: originOf(auth),
      kind: 'split_config',
      action: on ? 'machine_on' : 'machine_off',
      target: { type: 'split_config', id: splitId ?? '' },
      machineSn: body.sn,
      changes: [
        { field: 'is_bank_split', before: null, after: on ? 1 : 0 },
        { field: 'bank_split_id', before: machine.bankSplitId, after: splitId },
      ],
    });
    return { sn: body.sn, is_bank_split: on ? 1 : 0, bank_split_id: splitId };
  }

  /** The audit entry of a configuration's change, in its transaction. */
  private async audit(
    trx: Kysely<Database>,
    auth: AuthContext,
    action: string,
    id: number,
    name: string,
    changes: AuditChange[],
  ): Promise<void> {
    await new AuditLog(this.d.clock).record(trx, {
      merchantId: auth.merchant.id,
      origin: originOf(auth),
      kind: 'split_config',
      action,
      target: { type: 'split_config', id, name },
      changes,
    });
  }

  // -- The ledger's question

  /**
   * The shares a payment of `client` on machine `sn` is booked by, read inside the ledger's transaction `trx`:
   * null when the machine does not split it (split off, no configuration, or the configuration's pay_channel
   * does not cover the client, or its main card is no longer an approved card of the merchant: the payment then
   * goes to the machine's payout card as without a split). Otherwise shares[0] is the main account; a split
   * account whose card is no longer approved (or no longer another merchant's) has its share added to the main
   * account's. The percents (hundredths) add up to SPLIT_WHOLE; cut money with splitShares.
   */
  async sharesFor(
    trx: Kysely<Database>,
    merchantId: number,
    sn: string,
    client: string,
  ): Promise<SplitShare[] | null> {
    const machine = await new MachinePayouts(trx).routing(merchantId, sn);
    if (!machine?.isBankSplit || machine.bankSplitId === null) return null;
    const repo = new FeeSplitRepository(trx);
    const row = await repo.findConfig(merchantId, Number(machine.bankSplitId));
    if (!row || !splitCovers(asChannel(row.pay_channel), client)) return null;
    const accounts = await repo.accountsOf([row.id]);
    const cards = await this.d.accounts
      .within(trx)
      .byIds([row.main_merchant_id, ...accounts.map((a) => a.account_id)]);
    const main = cards.get(row.main_merchant_id);
    if (!main?.approved || main.ownerMerchantId !== merchantId) return null;
    let mainPercent = row.main_percent;
    const splits: SplitShare[] = [];
    for (const a of accounts) {
      const card = cards.get(a.account_id);
      if (card?.approved && card.ownerMerchantId !== merchantId) {
        splits.push({ account: a.account_id, percent: a.percent });
      } else {
        mainPercent += a.percent;
      }
    }
    return [{ account: row.main_merchant_id, percent: mainPercent }, ...splits];
  }

  // -- Internals

  /** A configuration of the merchant the caller may see (staff "only own": theirs). */
  private async visibleConfig(scope: Scope, id: string): Promise<SplitConfigRow> {
    const row = await this.repo.findConfig(scope.merchantId, Number(id));
    if (!row || (scope.bankOwnOnly && row.created_by !== scope.userId)) {
      throw new AppError(RCODE.SPLIT_CONFIG_NOT_FOUND);
    }
    return row;
  }

  /** The rules (checkSplitRules), then the cards: nothing is written when one is broken. */
  private async checkConfig(scope: Scope, body: ConfigBody): Promise<void> {
    const broken = checkSplitRules(body);
    if (broken) throw new AppError(RCODE[broken.rcode], broken.params);
    const accounts = body.split_merchant.map((s) => ({
      account_id: s.merchant_id,
      percent: s.split_percent,
    }));
    this.checkCards(
      scope,
      body.main_merchant_id,
      accounts,
      await this.resolve(body.main_merchant_id, accounts),
    );
  }

  private checkCards(
    scope: Scope,
    mainId: string,
    accounts: readonly Pick<SplitConfigAccountRow, 'account_id'>[],
    resolved: Resolved,
  ): void {
    const main = resolved.main;
    if (
      !main ||
      !main.approved ||
      main.ownerMerchantId !== scope.merchantId ||
      main.merchant_id !== mainId ||
      (scope.bankOwnOnly && main.createdBy !== scope.userId)
    ) {
      throw new AppError(RCODE.SPLIT_MAIN_CARD_INVALID);
    }
    for (const a of accounts) {
      const card = resolved.cards.get(a.account_id);
      if (!card || !card.approved || card.ownerMerchantId === scope.merchantId) {
        throw new AppError(RCODE.SPLIT_ACCOUNT_INVALID);
      }
    }
  }

  private async resolve(
    mainId: string,
    accounts: readonly Pick<SplitConfigAccountRow, 'account_id'>[],
  ): Promise<Resolved> {
    const cards = await this.d.accounts.byIds([mainId, ...accounts.map((a) => a.account_id)]);
    return { main: cards.get(mainId), cards };
  }

  private async saveVersion(
    repo: FeeSplitRepository,
    configId: number,
    version: number,
    body: ConfigBody,
    userId: number,
    now: number,
  ): Promise<void> {
    const accounts = body.split_merchant.map((s) => ({
      account_id: s.merchant_id,
      percent: s.split_percent,
    }));
    await repo.replaceAccounts(configId, accounts);
    await repo.insertVersion({
      config_id: configId,
      version,
      snapshot: JSON.stringify({ ...columnsOf(body), accounts }),
      changed_by: userId,
      changed_at: now,
    });
  }

  /** Configurations as the device list and /feeSplitting show them: cards masked, others' holders too. */
  private async present(
    merchantId: number,
    rows: readonly SplitConfigRow[],
  ): Promise<{ detail: SplitDetail; valid: boolean }[]> {
    const accounts = await this.repo.accountsOf(rows.map((r) => r.id));
    const cards = await this.d.accounts.byIds([
      ...rows.map((r) => r.main_merchant_id),
      ...accounts.map((a) => a.account_id),
    ]);
    return rows.map((row) => {
      const own = accounts.filter((a) => a.config_id === row.id);
      const main = cards.get(row.main_merchant_id);
      const mainValid = !!main && main.approved && main.ownerMerchantId === merchantId;
      let valid = mainValid;
      const split_merchant = own.map((a) => {
        const card = cards.get(a.account_id);
        if (!card || !card.approved || card.ownerMerchantId === merchantId) valid = false;
        return {
          merchant_id: a.account_id,
          acct_name: card ? maskHolderName(card.acct_name) : '',
          acct_no_encry: card?.acct_no_mask ?? '',
          split_percent: a.percent,
        };
      });
      const mainDetail =
        main && main.ownerMerchantId === merchantId
          ? { merchant_id: main.merchant_id, acct_name: main.acct_name, acct_no_encry: main.acct_no_mask }
          : null;
      return {
        valid,
        detail: {
          acct_name: mainDetail?.acct_name ?? '',
          acct_no_encry: mainDetail?.acct_no_encry ?? '',
          bank: main && mainDetail ? main.bank_code : '',
          bank_split_name: row.name,
          main_merchant_detail: mainDetail,
          main_merchant_id: row.main_merchant_id,
          main_split_percent: row.main_percent,
          pay_channel: row.pay_channel,
          split_merchant,
        },
      };
    });
  }
}

/** A configuration's split accounts as the audit log shows them: 'card id:share' pairs. */
function sharesText(body: {
  split_merchant: ReadonlyArray<{ merchant_id: string | number; split_percent: number }>;
}): string {
  return body.split_merchant.map((a) => `${a.merchant_id}:${a.split_percent}`).join(',');
}

function columnsOf(body: ConfigBody) {
  return {
    name: body.bank_split_name,
    main_merchant_id: body.main_merchant_id,
    main_percent: body.main_split_percent,
    pay_channel: body.pay_channel,
  };
}

function asChannel(value: string): SplitPayChannel {
  return (SPLIT_PAY_CHANNELS as readonly string[]).includes(value) ? (value as SplitPayChannel) : 'all';
}
