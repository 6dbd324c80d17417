import { BANK_LABELS, isBankCode, settlementState, type SettlementState } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';

/** The bank's name from its code (spec §4 bank list); a code the list lacks shows as itself, never as blank. */
export function bankName(code: string, locale: Locale): string | null {
  return isBankCode(code) ? BANK_LABELS[code][locale] : null;
}

/** settle_date 'YYYYMMDD' as the date a person reads, 'YYYY-MM-DD'; anything else unchanged. */
export function settleDateText(settleDate: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(settleDate);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : settleDate;
}

/** The last digits of a masked card number, to tell accounts apart in a short label. */
export function cardTail(masked: string): string {
  const digits = masked.replace(/\D/g, '');
  return digits.slice(-4);
}

/** The state of a settle_status code (spec §4) and the colour it shows in. */
export function settleTone(code: number): {
  state: SettlementState;
  tone: 'success' | 'danger' | 'warning' | 'neutral';
} {
  const state = settlementState(code);
  const tone =
    state === 'success'
      ? 'success'
      : state === 'fail'
        ? 'danger'
        : state === 'settling'
          ? 'warning'
          : 'neutral';
  return { state, tone };
}
