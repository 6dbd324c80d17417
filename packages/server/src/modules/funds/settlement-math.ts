import { manualTransferFee } from '@vendo/contract/money';
import { zonedDate, zonedMidnight } from '@vendo/contract/constants';

/*
 * The money rules of the settlement (docs/funds.md "Rounding"), pure so that the tests can check them alone.
 * Every amount is integer cents; each rule says where the odd cent goes, so that the parts add up to the whole.
 */

/** Payout fee (spec §9, about 6 per thousand): what reaches the bank is floor(gross × 994 / 1000); the rest is the fee. */
export const PAYOUT_KEEP_PER_MILLE = 994;

export interface SettlementAmounts {
  poundage: number;
  transferFee: number;
  settleAmt: number;
}

/**
 * What a settlement of `gross` cents pays out. A card account pays the payout fee: settle_amt =
 * floor(gross × 994 / 1000), poundage = gross − settle_amt (so poundage ≈ settle_amt / 0.994 − settle_amt, within a
 * cent, the odd cent going to the fee). The manual-transfer account pays the manual-transfer fee instead (6 %, at
 * least 1 yuan, money.ts). Null when nothing would reach the merchant: the amount waits, carried to the next day.
 */
export function settlementAmounts(gross: number, manualTransfer: boolean): SettlementAmounts | null {
  if (gross <= 0) return null;
  if (manualTransfer) {
    const transferFee = manualTransferFee(gross);
    const settleAmt = gross - transferFee;
    return settleAmt > 0 ? { poundage: 0, transferFee, settleAmt } : null;
  }
  const settleAmt = Math.floor((gross * PAYOUT_KEEP_PER_MILLE) / 1000);
  return settleAmt > 0 ? { poundage: gross - settleAmt, transferFee: 0, settleAmt } : null;
}

/**
 * How a refund debits the accounts a payment credited, in the payment's proportions. Worked on the order's
 * refunds so far (`before`) and after this one (`before + amount`): every account but the first gets
 * floor(total × its share / paid) of the running total, the first (the machine's own payout account) the rest; this
 * refund's part is the difference. So the parts of each refund add up to it, and a full refund brings every
 * account back to exactly what it was paid.
 */
export function refundParts(
  shares: ReadonlyArray<{ accountId: number; cents: number }>,
  before: number,
  amount: number,
): Array<{ accountId: number; cents: number }> {
  const paid = shares.reduce((sum, s) => sum + s.cents, 0);
  if (paid <= 0 || shares.length === 0) return [];
  const running = (total: number) => {
    const rest = shares.slice(1).map((s) => Math.floor((total * s.cents) / paid));
    return [total - rest.reduce((a, b) => a + b, 0), ...rest];
  };
  const from = running(before);
  const to = running(before + amount);
  return shares
    .map((s, i) => ({ accountId: s.accountId, cents: to[i]! - from[i]! }))
    .filter((p) => p.cents !== 0);
}

/** 'YYYYMMDD' of an instant in a zone. */
export function settleDateOf(ms: number, timeZone: string): string {
  const d = zonedDate(ms, timeZone);
  return `${d.year}${String(d.month).padStart(2, '0')}${String(d.day).padStart(2, '0')}`;
}

/** The local midnight starting a 'YYYYMMDD' day, and the one ending it. */
export function dayBounds(settleDate: string, timeZone: string): { start: number; end: number } {
  const y = Number(settleDate.slice(0, 4));
  const m = Number(settleDate.slice(4, 6));
  const d = Number(settleDate.slice(6, 8));
  return { start: zonedMidnight(y, m, d, timeZone), end: zonedMidnight(y, m, d + 1, timeZone) };
}

/** The day before a 'YYYYMMDD' day. */
export function previousDate(settleDate: string, timeZone: string): string {
  const { start } = dayBounds(settleDate, timeZone);
  return settleDateOf(start - 3_600_000, timeZone);
}

/** Whether a 'YYYYMMDD' text names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(4, 6));
  const d = Number(value.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000;
}
