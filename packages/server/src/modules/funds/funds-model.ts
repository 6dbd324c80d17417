import { manualTransferFee } from '@vendo/contract/money';

/*
 * An independent model of the money (tests only): what each account should hold, computed from the stream of
 * payments, refunds and daily runs the test drives, without the ledger's tables or code. Its arithmetic is written
 * from docs/funds.md's rules (split accounts the floor of their share, the main account the rest; refunds on the
 * order's running refunded total; settle_amt = floor(gross × 994 / 1000); manual transfers 6 %, at least 100).
 */

export interface ModelEntry {
  account: string;
  amount: number;
  /** The model day (0, 1, …) whose settlement takes it. */
  day: number;
  /** The seller's local day of the movement (payments by the day paid, refunds by the day confirmed). */
  kind: 'payment' | 'refund';
  settled: number | null;
}

export interface ModelRecord {
  account: string;
  day: number;
  gross: number;
  settleAmt: number;
  state: 'pending' | 'failed' | 'success';
}

interface ModelOrder {
  no: string;
  paid: Array<{ account: string; cents: number }>;
  refunded: number;
}

export class MoneyModel {
  readonly entries: ModelEntry[] = [];
  readonly records: ModelRecord[] = [];
  private readonly orders = new Map<string, ModelOrder>();
  /** Accounts whose first transfer fails (the sandbox bank's failonce marker). */
  private readonly failOnce = new Set<string>();
  private readonly failedOnce = new Set<string>();

  constructor(
    private readonly manual: ReadonlySet<string>,
    failOnce: readonly string[],
  ) {
    for (const a of failOnce) this.failOnce.add(a);
  }

  /** A payment of `amount` to `main`, or cut between main and a split account at `splitHundredths`. */
  pay(
    no: string,
    amount: number,
    day: number,
    main: string,
    split?: { account: string; share: number },
  ): void {
    const splitCents = split ? Math.floor((amount * split.share) / 10_000) : 0;
    const paid = [{ account: main, cents: amount - splitCents }];
    if (split && splitCents > 0) paid.push({ account: split.account, cents: splitCents });
    this.orders.set(no, { no, paid, refunded: 0 });
    for (const p of paid)
      this.entries.push({ account: p.account, amount: p.cents, day, kind: 'payment', settled: null });
  }

  /** A refund confirmed on `day`: each account's cumulative part of the refunded total, the first one the rest. */
  refund(no: string, amount: number, day: number): void {
    const order = this.orders.get(no)!;
    const total = order.paid.reduce((s, p) => s + p.cents, 0);
    const cut = (refunded: number) => {
      const rest = order.paid.slice(1).map((p) => Math.floor((refunded * p.cents) / total));
      return [refunded - rest.reduce((s, c) => s + c, 0), ...rest];
    };
    const before = cut(order.refunded);
    order.refunded += amount;
    const after = cut(order.refunded);
    order.paid.forEach((p, i) => {
      const cents = after[i]! - before[i]!;
      if (cents !== 0)
        this.entries.push({ account: p.account, amount: -cents, day, kind: 'refund', settled: null });
    });
  }

  /** The daily run of `day` for these accounts: records, carried amounts, failed payouts sent again, payouts. */
  settle(day: number, accounts: readonly string[]): void {
    for (const r of this.records) {
      if (r.state === 'failed' && accounts.includes(r.account)) r.state = 'pending';
    }
    for (const account of accounts) {
      const open = this.entries.filter((e) => e.account === account && e.settled === null && e.day <= day);
      if (open.length === 0) continue;
      const gross = open.reduce((s, e) => s + e.amount, 0);
      let settleAmt = 0;
      if (gross > 0) {
        settleAmt = this.manual.has(account)
          ? gross - manualTransferFee(gross)
          : Math.floor((gross * 994) / 1000);
      }
      if (settleAmt <= 0) continue;
      const index = this.records.length;
      for (const e of open) e.settled = index;
      this.records.push({ account, day, gross, settleAmt, state: 'pending' });
    }
    // Card payouts go out at once; a failonce card fails its first transfer, the retry succeeds.
    for (const r of this.records) {
      if (r.state !== 'pending' || this.manual.has(r.account) || !accounts.includes(r.account)) continue;
      if (this.failOnce.has(r.account) && !this.failedOnce.has(r.account)) {
        this.failedOnce.add(r.account);
        r.state = 'failed';
      } else {
        r.state = 'success';
      }
    }
  }

  /** /b/getFunds's figures of an account. */
  figures(account: string) {
    const notSettle = this.entries
      .filter((e) => e.account === account && e.settled === null)
      .reduce((s, e) => s + e.amount, 0);
    const mine = this.records.filter((r) => r.account === account);
    const toSettle = mine.filter((r) => r.state !== 'success').reduce((s, r) => s + r.settleAmt, 0);
    const settled = mine.filter((r) => r.state === 'success').reduce((s, r) => s + r.settleAmt, 0);
    return {
      not_settle_amt: notSettle,
      to_settle_amt: toSettle,
      settling_amt: 0,
      settled_amt: settled,
      balance: notSettle + toSettle,
    };
  }

  /** What an order can still refund. */
  left(no: string, reserved: number): number {
    const order = this.orders.get(no)!;
    return order.paid.reduce((s, p) => s + p.cents, 0) - reserved;
  }
}
