import { useQuery } from '@tanstack/react-query';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { homeQuery, isBindBankCall } from './home-calls';

/**
 * The bank-card status behind home's banner and alerts (spec §2 home): for the main account and staff with
 * bank cards (1029). One request for both: the banner and the alerts card share its query.
 */
export function useBankStatus(now: number) {
  const user = useUserInfo();
  const sees = can(user, 'bankCard', now);
  const status = useQuery(homeQuery(isBindBankCall, sees));
  return { sees, status };
}

export type BankStatus = NonNullable<ReturnType<typeof useBankStatus>['status']['data']>;

/**
 * What the merchant still has to do, if anything: add (an approved) card, then bind the machines to one. Staff
 * whose cards are "only items I added" (own_only) count their own cards: without any they are not asked for one
 * (the merchant's payout card is the main account's), only to follow up the cards they added.
 */
export function bankTodo(status: BankStatus): 'addCard' | 'bindMachines' | null {
  if (status.own_only === true && status.cards === 0) return null;
  if (!status.has_approved) return 'addCard';
  return status.unbound_devices > 0 ? 'bindMachines' : null;
}
