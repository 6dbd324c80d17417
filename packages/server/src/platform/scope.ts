import type { Kysely } from 'kysely';
import { OPER_SESSION_MS } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../db/database';
import { AppError } from './app-error';
import { apiKeyOf, isMainAccount, type AuthContext } from './auth';
import { safeEqual, sha256 } from './crypto';

/**
 * What a caller may see and touch inside their merchant (spec §6): all stores or a list, and for goods and
 * bank cards all items or only their own. Services filter every query and check every id against it.
 */
export interface Scope {
  merchantId: number;
  userId: number;
  isMain: boolean;
  /** null: every store of the merchant; otherwise only these store ids. */
  storeIds: number[] | null;
  goodsOwnOnly: boolean;
  bankOwnOnly: boolean;
}

export async function scopeOf(db: Kysely<Database>, auth: AuthContext): Promise<Scope> {
  const isMain = isMainAccount(auth.user);
  let storeIds: number[] | null = null;
  const key = apiKeyOf(auth.user);
  // An API key's stores are its own (decision 047), not those of the main account it calls as.
  if (key) storeIds = key.storeIds;
  else if (!isMain && auth.user.all_device !== 1) {
    const rows = await db
      .selectFrom('user_stores')
      .select('store_id')
      .where('user_id', '=', auth.user.id)
      .execute();
    storeIds = rows.map((r) => r.store_id);
  }
  return {
    merchantId: auth.merchant.id,
    userId: auth.user.id,
    isMain,
    storeIds,
    goodsOwnOnly: !isMain && auth.user.goods_own_only === 1,
    bankOwnOnly: !isMain && auth.user.bank_own_only === 1,
  };
}

/** Whether a store id is inside the caller's scope (the merchant check is the caller's own query). */
export function storeInScope(scope: Scope, storeId: number | null): boolean {
  if (scope.storeIds === null) return true;
  return storeId !== null && scope.storeIds.includes(storeId);
}

/**
 * The operation-password guard of refund, remote control and unbind (spec §4, §6): a user without an active
 * operation password passes; otherwise the sign from checkOprPwd must match this session and be under 2 hours old.
 */
export function assertOperSign(auth: AuthContext, sign: string | undefined, now: number): void {
  if (auth.user.is_oper_pwd !== 1) return;
  const valid =
    !!sign &&
    auth.operSignHash !== null &&
    auth.operExpiresAt !== null &&
    auth.operExpiresAt > now &&
    auth.operExpiresAt - now <= OPER_SESSION_MS &&
    safeEqual(auth.operSignHash, sha256(sign));
  if (!valid) throw new AppError(RCODE.IDENTITY_EXPIRED);
}
