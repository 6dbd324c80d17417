import type { FastifyBaseLogger } from 'fastify';
import type { LocaleText } from '@vendo/contract/locales';
import type { SmsMessage, SmsProvider } from './sms-provider';

export interface SentSms extends SmsMessage {
  sentAt: number;
}

/** What the sandbox puts before each text it keeps, in the message's language: nothing was really sent. */
export const SANDBOX_SMS_LABEL: LocaleText = {
  'zh-CN': '【沙箱】',
  'zh-TW': '【沙箱】',
  'en-US': '[Sandbox] ',
};

/**
 * Delivers nothing: it logs each message, labelled sandbox in the message's language, and keeps the recent ones in memory so the sandbox outbox call
 * (tests, demos) can read codes. Memory is bounded; one process only, which is all the sandbox is for.
 */
export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly outbox: SentSms[] = [];

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly clock: () => number,
    private readonly keep = 1000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const text = SANDBOX_SMS_LABEL[message.locale] + message.text;
    this.outbox.push({ ...message, text, sentAt: this.clock() });
    if (this.outbox.length > this.keep) this.outbox.shift();
    this.log.info({ sms: { phone: message.phone, locale: message.locale, text } }, 'sandbox SMS sent');
  }

  latest(phone: string): SentSms | undefined {
    for (let i = this.outbox.length - 1; i >= 0; i--) {
      if (this.outbox[i]!.phone === phone) return this.outbox[i];
    }
    return undefined;
  }
}
