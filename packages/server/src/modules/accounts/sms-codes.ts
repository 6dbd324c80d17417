import type { Kysely } from 'kysely';
import { SMS_RESEND_SECONDS } from '@vendo/contract/constants';
import { interpolate, type Locale, type LocaleText } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { AppError } from '../../platform/app-error';
import { hmac, randomDigits, randomToken, sha256 } from '../../platform/crypto';
import { RateLimiter } from '../../platform/rate-limit';

export type SmsPurpose = 'signUp' | 'resetPwd' | 'changePwd' | 'changeInfo';

/** The limits of DESIGN.md: single use, 10 minutes, 60 s between sends, few attempts, daily caps. */
export const SMS_LIMITS = {
  validMs: 10 * 60 * 1000,
  resendMs: SMS_RESEND_SECONDS * 1000,
  maxAttempts: 5,
  perPhonePerDay: 10,
  perIpPerDay: 50,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the code is for, as the template names it, in each language. */
const PURPOSE_TEXT: Record<SmsPurpose, LocaleText> = {
  signUp: { 'zh-CN': '注册', 'zh-TW': '註冊', 'en-US': 'sign-up' },
  resetPwd: { 'zh-CN': '找回密码', 'zh-TW': '找回密碼', 'en-US': 'password reset' },
  changePwd: { 'zh-CN': '修改登录密码', 'zh-TW': '修改登入密碼', 'en-US': 'login password change' },
  changeInfo: { 'zh-CN': '修改账号信息', 'zh-TW': '修改帳號資訊', 'en-US': 'account change' },
};

/** The verification template in each language, as a vendor holds one approved template per language. */
const VERIFICATION_TEMPLATE: LocaleText = {
  'zh-CN': '【Vendo】您的{purpose}验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
  'zh-TW': '【Vendo】您的{purpose}驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略。',
  'en-US':
    '[Vendo] Your {purpose} verification code is {code}, valid for {minutes} minutes. If you did not ask for it, ignore this message.',
};

/** The text of a verification SMS in the requesting user's language. */
export function verificationText(purpose: SmsPurpose, code: string, minutes: number, locale: Locale): string {
  return interpolate(VERIFICATION_TEMPLATE[locale], {
    purpose: PURPOSE_TEXT[purpose][locale],
    code,
    minutes,
  });
}

/**
 * Verification codes: issued through the SMS provider, stored only as keyed hashes, checked against the
 * phone and purpose they were sent for. A sign names one issued code, so sign-up can refer to it.
 */
export class SmsCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: SmsProvider,
    private readonly clock: () => number,
    private readonly secret: string,
  ) {
    this.limiter = new RateLimiter(db, clock);
  }

  /** The send limits live with the other rate limits (rate_events). */
  private readonly limiter: RateLimiter;

  /** Sends a code in `locale`, the requesting user's language. */
  async issue(phone: string, purpose: SmsPurpose, ip: string, locale: Locale): Promise<{ sign: string }> {
    const now = this.clock();
    // Counted and recorded in one step, so parallel requests cannot send more codes than the limits allow.
    await this.limiter.reserve([
      {
        bucket: `sms:phone-day:${phone}`,
        windowMs: DAY_MS,
        limit: SMS_LIMITS.perPhonePerDay,
        rcode: RCODE.SMS_DAILY_LIMIT,
      },
      {
        bucket: `sms:address-day:${ip}`,
        windowMs: DAY_MS,
        limit: SMS_LIMITS.perIpPerDay,
        rcode: RCODE.SMS_DAILY_LIMIT,
      },
      { bucket: `sms:phone:${phone}`, windowMs: SMS_LIMITS.resendMs, limit: 1 },
    ]);
    const code = randomDigits(6);
    const sign = randomToken();
    await this.db
      .insertInto('sms_codes')
      .values({
        phone,
        purpose,
        code_hash: this.codeHash(phone, purpose, code),
        sign_hash: sha256(sign),
        ip,
        attempts: 0,
        created_at: now,
        expires_at: now + SMS_LIMITS.validMs,
        used_at: null,
      })
      .execute();
    const minutes = SMS_LIMITS.validMs / 60000;
    await this.sms.send({
      phone,
      template: 'verification',
      locale,
      params: { code, minutes, purpose },
      text: verificationText(purpose, code, minutes, locale),
    });
    return { sign };
  }

  /**
   * Checks a code. With `consume` a right code is spent; a wrong one costs an attempt either way.
   * The code named by `sign`, or else the newest one sent to the phone for this purpose, is the one checked.
   */
  async verify(input: {
    phone?: string;
    sign?: string;
    purpose: SmsPurpose;
    code: string;
    consume: boolean;
  }): Promise<{ phone: string }> {
    const now = this.clock();
    let query = this.db.selectFrom('sms_codes').selectAll().where('purpose', '=', input.purpose);
    if (input.sign) query = query.where('sign_hash', '=', sha256(input.sign));
    if (input.phone) query = query.where('phone', '=', input.phone);
    const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (!row) throw new AppError(input.sign ? RCODE.SIGN_INVALID : RCODE.SMS_CODE_MISMATCH);
    if (row.used_at !== null || row.expires_at <= now || row.attempts >= SMS_LIMITS.maxAttempts) {
      throw new AppError(RCODE.SMS_CODE_EXPIRED);
    }
    // The attempt is taken before the code is compared, under the limit in the same statement, so parallel
    // guesses get at most maxAttempts comparisons; a right code gives its attempt back.
    const taken = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', SMS_LIMITS.maxAttempts)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError(RCODE.SMS_CODE_EXPIRED);
    if (this.codeHash(row.phone, row.purpose, input.code.trim()) !== row.code_hash) {
      throw new AppError(RCODE.SMS_CODE_MISMATCH);
    }
    await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', row.id)
      .execute();
    if (input.consume) {
      // The guard on used_at makes a race between two requests spend the code once.
      const result = await this.db
        .updateTable('sms_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError(RCODE.SMS_CODE_EXPIRED);
    }
    return { phone: row.phone };
  }

  private codeHash(phone: string, purpose: string, code: string): string {
    return hmac(this.secret, `${phone}:${purpose}:${code}`);
  }
}
