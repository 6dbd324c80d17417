import type { BankCard } from '@vendo/contract/api/bank-cards';
import { MERCHANT_ENTRY_STEPS, type MerchantEntryStep } from '@vendo/contract/enums';

/** The editor's steps in the order a person meets them. */
export const ENTRY_ORDER: readonly MerchantEntryStep[] = ['form', 'photos', 'submitted'];

/** "Step n of 3". */
export function stepNumber(step: MerchantEntryStep): number {
  return ENTRY_ORDER.indexOf(step) + 1;
}

/**
 * Where the editor opens a card on /bankCard (spec §4): at its stored step (-1 the form, 0 the photos, 2 the
 * end). A card the reviewer turned down opens on the form, to be corrected and submitted again; a new card on
 * the form. (The shared editor is told where to resume by the server: getBankInfoRecord's resume.)
 */
export function entryStart(card: Pick<BankCard, 'step' | 'review_state'> | null): MerchantEntryStep {
  if (!card || card.review_state === 'rejected') return 'form';
  if (card.step === MERCHANT_ENTRY_STEPS.form) return 'form';
  return card.step === MERCHANT_ENTRY_STEPS.photos ? 'photos' : 'submitted';
}

/** Back and cancel close the editor on the first and the last step; on the photos they go back to the form. */
export function closesOnBack(step: MerchantEntryStep): boolean {
  return step !== 'photos';
}

/** A card the merchant may still change: stopped before review, or turned down. */
export function isEditable(card: Pick<BankCard, 'step' | 'review_state'>): boolean {
  return card.review_state === 'rejected' || card.step !== MERCHANT_ENTRY_STEPS.submitted;
}
