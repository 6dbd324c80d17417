import type { UserInfo } from '@vendo/contract/api/account';
import type { RCODE } from '@vendo/contract/rcodes';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { getI18n } from 'react-i18next';
import { loadAccountCalls } from '../../lib/account-calls';
import { ApiError, callApi } from '../../lib/api-client';
import { md5 } from '../../lib/md5';
import { toast } from '../../lib/notify';
import { lazyComponent, useOpenedOnce } from '../../lib/lazy-component';
import { clearOperSign, operSignExpiry, readOperSign, saveOperSign } from '../../lib/oper-sign';
import { useUserInfo } from '../../lib/session';

// The keypad (and the overlay library under it) loads the first time someone has to type the password.
const OperPwdPopup = lazyComponent(() => import('./oper-pwd-popup').then((m) => m.OperPwdPopup));

// Typed against the contract's catalogue without loading its texts (as lib/api-client.ts does).
const OPER_PWD_WRONG: (typeof RCODE)['OPER_PWD_WRONG'] = 110;
const IDENTITY_EXPIRED: (typeof RCODE)['IDENTITY_EXPIRED'] = 112;

/** What a guarded action receives: the operator sign, or undefined when the user has no operation password. */
export type OperSign = string | undefined;
export type GuardedAction = (sign: OperSign) => void;

/** The server refused a sign that has lapsed ("identity verification expired"): ask for the password again. */
export function isOperSignExpired(error: unknown): boolean {
  return error instanceof ApiError && error.rcode === IDENTITY_EXPIRED;
}

/**
 * Decides whether an action may run now (spec §4 operation password): at once for a user without an operation
 * password (no sign, no expiry), at once with the stored sign while the 2-hour operator session lasts, and
 * otherwise (null) only after the keypad.
 */
export function signForNow(
  user: Pick<UserInfo, 'username' | 'token' | 'isOperPwd'>,
  now: number,
): { ready: true; sign: OperSign } | { ready: false } {
  if (user.isOperPwd !== 1) return { ready: true, sign: undefined };
  const sign = readOperSign(user, now);
  return sign ? { ready: true, sign } : { ready: false };
}

/**
 * The line under the keypad. Staff cannot set or change their own operation password: only the main account can
 * (spec §6), so they are told whom to ask. "No operation password yet? Set one…" is for an account without one
 * (isOperPwd 0 in the user info); one that has it (the only kind the guard asks) gets no such line.
 */
export function keypadHint(user: Pick<UserInfo, 'isMain' | 'isOperPwd'> | null): string | undefined {
  if (!user) return undefined;
  if (!user.isMain) return getI18n().t('components:operPwdStaffHint');
  return user.isOperPwd === 1 ? undefined : getI18n().t('components:operPwdSetHint');
}

export interface OperGuard {
  /** Runs the action once the operator is verified (perhaps at once). */
  guard: (action: GuardedAction) => void;
  /** Drops the stored sign (after an "identity verification expired" answer), so the next guard asks again. */
  expire: () => void;
  /** The keypad popup; render it once, anywhere in the screen. */
  popup: ReactNode;
}

/**
 * The operation-password guard in front of unbind, remote control and refund. The six digits travel as their
 * md5 to /u/checkOprPwd; the sign it answers is kept for the tab (lib/oper-sign.ts).
 */
export function useOperGuard(): OperGuard {
  const user = useUserInfo();
  const [pending, setPending] = useState<GuardedAction | null>(null);
  const issued = useRef<OperSign>(undefined);
  const asked = useOpenedOnce(pending !== null);

  const guard = useCallback(
    (action: GuardedAction) => {
      if (!user) return;
      const now = signForNow(user, Date.now());
      if (now.ready) action(now.sign);
      else setPending(() => action);
    },
    [user],
  );

  const verify = async (digits: string): Promise<boolean> => {
    if (!user) return false;
    const { checkOprPwd } = await loadAccountCalls();
    try {
      const answer = await callApi(checkOprPwd, { password: md5(digits) }, { quiet: true });
      saveOperSign(user, answer.sign, operSignExpiry(answer.expire_at, Date.now()));
      issued.current = answer.sign;
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.rcode === OPER_PWD_WRONG) return false;
      // Anything else (too many attempts, the network): the person needs the reason, not "wrong password".
      const t = getI18n().getFixedT(null, 'common');
      if (error instanceof ApiError) {
        toast(error.rcode > 0 ? t('api.withCode', { code: error.rcode, msg: error.msg }) : error.msg);
      }
      throw error;
    }
  };

  const popup = asked ? (
    <OperPwdPopup
      visible={pending !== null}
      onClose={() => setPending(null)}
      hint={keypadHint(user)}
      verify={verify}
      onVerified={() => {
        const action = pending;
        setPending(null);
        action?.(issued.current);
      }}
    />
  ) : null;

  return { guard, expire: clearOperSign, popup };
}
