import { md5 } from '../../../lib/md5';

/** An operation password is exactly 6 digits (spec §5). */
export function isOperPwd(digits: string): boolean {
  return /^\d{6}$/.test(digits);
}

/** The operation password pair as the server takes it: md5 hex of the 6 digits (confirmation hashed alike). */
export function operPwdPair(digits: string, confirm: string) {
  return { oper_pwd: md5(digits), confirm_oper_pwd: md5(confirm) };
}

/** Keeps only digits, at most 6, as the person types. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}
