import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/create-db';
import { migrateToLatest } from '../../db/migrate';
import { TestClock } from '../../testing/test-app';
import { channelOfUserAgent } from './payment-provider';
import { SandboxPayments, type Notifier } from './sandbox-payments';

/** The sandbox channel: signatures, notifications that come late, twice or never, refunds that end later. */
describe('sandbox payments', () => {
  let db: Db;
  let clock: TestClock;
  let sent: Array<{ headers: Record<string, string>; body: string }>;
  let answer: boolean;
  let sandbox: SandboxPayments;

  beforeEach(async () => {
    db = await createDb({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    clock = new TestClock();
    sent = [];
    answer = true;
    const notifier: Notifier = async (_channel, headers, body) => {
      sent.push({ headers, body });
      return answer;
    };
    sandbox = new SandboxPayments({
      db: db.kysely,
      key: 'k'.repeat(64),
      clock: clock.read,
      notifier,
      behaviour: {
        notifyDelayMs: [0, 0],
        duplicateRate: 0,
        dropRate: 0,
        refundDelayMs: 60_000,
        refundFailRate: 0,
      },
      random: () => 0.5,
    });
  });
  afterEach(async () => {
    await sandbox.stop();
    await db.destroy();
  });

  const pay = async (outTradeNo: string, amount = 300) => {
    const created = await sandbox.createPayment({
      channel: 'wechat',
      outTradeNo,
      amount,
      description: 'Cola',
      returnUrl: '/buy/1',
    });
    const tx = created.payUrl.split('/').pop()!;
    expect(await sandbox.pay(tx, 'openid-1')).toBe('paid');
    return { ...created, tx };
  };

  it('creates one payment per order number and signs what it tells', async () => {
    const a = await sandbox.createPayment({
      channel: 'alipay',
      outTradeNo: 'V1',
      amount: 300,
      description: 'x',
      returnUrl: '/',
    });
    const b = await sandbox.createPayment({
      channel: 'alipay',
      outTradeNo: 'V1',
      amount: 300,
      description: 'x',
      returnUrl: '/',
    });
    expect(b.transactionId).toBe(a.transactionId);
    expect(a.transactionId).toMatch(/^20\d{24}$/);
    await pay('V2');
    await sandbox.flush();
    expect(sent).toHaveLength(1);
    const notice = sandbox.parseNotification('wechat', sent[0]!.headers, sent[0]!.body);
    expect(notice).toMatchObject({
      type: 'payment',
      outTradeNo: 'V2',
      amount: 300,
      state: 'paid',
      payer: 'openid-1',
    });
    // Tampered body, another key's signature, a stale timestamp, the wrong channel: none of them reads.
    expect(
      sandbox.parseNotification('wechat', sent[0]!.headers, sent[0]!.body.replace('300', '1')),
    ).toBeNull();
    expect(sandbox.parseNotification('alipay', sent[0]!.headers, sent[0]!.body)).toBeNull();
    expect(
      sandbox.parseNotification(
        'wechat',
        { ...sent[0]!.headers, 'x-sandbox-signature': 'ab'.repeat(32) },
        sent[0]!.body,
      ),
    ).toBeNull();
    clock.advance(11 * 60_000);
    expect(sandbox.parseNotification('wechat', sent[0]!.headers, sent[0]!.body)).toBeNull();
    expect(sandbox.parseNotification('wechat', {}, sent[0]!.body)).toBeNull();
  });

  it('notifies late, twice, or never, and again while the server does not say SUCCESS', async () => {
    sandbox.behaviour.dropRate = 1;
    await pay('V3');
    await sandbox.flush();
    expect(sent).toHaveLength(0);
    expect(await sandbox.queryPayment('wechat', 'V3')).toMatchObject({ state: 'paid', payer: 'openid-1' });

    sandbox.behaviour = { ...sandbox.behaviour, dropRate: 0, duplicateRate: 1 };
    await pay('V4');
    await sandbox.flush();
    expect(sent).toHaveLength(2);

    sandbox.behaviour.duplicateRate = 0;
    answer = false;
    await pay('V5');
    await sandbox.flush();
    // The first send and its three retries, each signed again.
    expect(sent.slice(2)).toHaveLength(4);
    expect(new Set(sent.slice(2).map((s) => s.headers['x-sandbox-nonce'])).size).toBe(4);
  });

  it('closes unpaid payments, which then cannot be paid', async () => {
    const created = await sandbox.createPayment({
      channel: 'wechat',
      outTradeNo: 'V6',
      amount: 300,
      description: 'x',
      returnUrl: '/',
    });
    await sandbox.closePayment('wechat', 'V6');
    expect(await sandbox.pay(created.payUrl.split('/').pop()!)).toBe('closed');
    expect(await sandbox.queryPayment('wechat', 'V6')).toMatchObject({ state: 'closed' });
    expect(await sandbox.queryPayment('wechat', 'V-unknown')).toBeNull();
  });

  it('accepts refunds first and confirms them later, once per refund number, never above the amount', async () => {
    await pay('V7');
    expect(
      await sandbox.refund({
        channel: 'wechat',
        outTradeNo: 'V7',
        outRefundNo: 'RF1',
        amount: 200,
        reason: '',
      }),
    ).toMatchObject({
      state: 'processing',
    });
    const again = await sandbox.refund({
      channel: 'wechat',
      outTradeNo: 'V7',
      outRefundNo: 'RF1',
      amount: 200,
      reason: '',
    });
    expect(again.state).toBe('processing');
    expect(sandbox.stats.refundsCreated).toBe(1);
    expect(
      await sandbox.refund({
        channel: 'wechat',
        outTradeNo: 'V7',
        outRefundNo: 'RF2',
        amount: 101,
        reason: '',
      }),
    ).toEqual({
      state: 'failed',
      reason: 'AMOUNT_EXCEEDS',
    });
    expect(await sandbox.queryRefund('wechat', 'RF1')).toMatchObject({ state: 'processing' });
    clock.advance(60_000);
    expect(await sandbox.queryRefund('wechat', 'RF1')).toMatchObject({
      state: 'success',
      finishedAt: clock.now,
    });
    expect(
      await sandbox.refund({
        channel: 'wechat',
        outTradeNo: 'V-unpaid',
        outRefundNo: 'RF3',
        amount: 1,
        reason: '',
      }),
    ).toEqual({
      state: 'failed',
      reason: 'TRADE_NOT_PAID',
    });

    sandbox.behaviour.refundFailRate = 1;
    await pay('V8');
    await sandbox.refund({
      channel: 'wechat',
      outTradeNo: 'V8',
      outRefundNo: 'RF4',
      amount: 300,
      reason: '',
    });
    clock.advance(60_000);
    expect(await sandbox.queryRefund('wechat', 'RF4')).toMatchObject({
      state: 'failed',
      reason: 'NOT_ENOUGH_BALANCE',
    });
  });

  it('tells WeChat and Alipay browsers apart', () => {
    expect(channelOfUserAgent('Mozilla/5.0 MicroMessenger/8.0.47')).toBe('wechat');
    expect(channelOfUserAgent('Mozilla/5.0 AlipayClient/10.5')).toBe('alipay');
    expect(channelOfUserAgent('Mozilla/5.0 Chrome/120')).toBeUndefined();
  });
});
