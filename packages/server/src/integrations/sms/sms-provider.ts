import type { Locale } from '@vendo/contract/locales';

/**
 * What the product needs from an SMS vendor. A real adapter (Aliyun, Tencent Cloud) implements the same
 * interface; the sandbox is the default and is labelled as such wherever a person can see it.
 */
export interface SmsProvider {
  readonly name: string;
  readonly sandbox: boolean;
  send(message: SmsMessage): Promise<void>;
}

export interface SmsMessage {
  phone: string;
  /** Template name, as real vendors require pre-approved templates (one per language). */
  template: 'verification';
  /** The language of the template: the requesting user's (their lang header or cookie). */
  locale: Locale;
  params: { code: string; minutes: number; purpose: string };
  /** The template filled in, in `locale`: what the phone shows. */
  text: string;
}
