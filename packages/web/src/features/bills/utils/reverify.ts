import {
  isOperSignExpired,
  type GuardedAction,
  type OperGuard,
} from '../../../components/oper-pwd-keypad/use-oper-guard';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';

/**
 * A guarded call the server refused because the operator session lapsed ("identity verification expired"):
 * asks for the operation password again and runs the same call with the fresh sign. Answers false for any
 * other error, which the caller shows.
 */
export function reverifyOnExpiry(guard: OperGuard, error: unknown, again: GuardedAction): boolean {
  if (!isOperSignExpired(error)) return false;
  guard.expire();
  toast(errorText(error));
  guard.guard(again);
  return true;
}
