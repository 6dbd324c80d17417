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
  /** Template name, as real vendors require pre-approved templates. */
  template: 'verification';
  params: { code: string; minutes: number; purpose: string };
  text: string;
}
