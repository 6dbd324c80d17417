import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_LOOKUP_LIMIT, SPLIT_WHOLE, splitShares, type SplitConfig } from '@vendo/contract/api/splits';
import type { Device } from '@vendo/contract/api/devices';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestAnswer, type TestApp } from '../../testing/test-app';
import {
  addMachine,
  mainAccount,
  ok,
  postMultipart,
  SAMPLE_IMAGES,
  staffAccount,
  type Caller,
} from '../catalog/catalog-testing';

const FIELDS = ['bank_z', 'bank_f', 'id_card_z', 'id_card_f', 'hold_id_card', 'mendian'] as const;
/** An ICBC card number (BIN 622202) ending in `tail`. */
const cardNo = (tail: string) => `6222020200112${tail.padStart(6, '0')}`;

function form(holder: string, number: string) {
  return {
    acct_name: holder,
    acct_cert_no: '11010519491231002X',
    cert_start_date: '2020-01-01',
    cert_expire_date: '2040-01-01',
    bank_code: '102',
    bank_province: '110000',
    bank_city: '110100',
    bank_branch: '中国工商银行北京西单支行',
    acct_no: number,
    acct_mobile: '13800138000',
    prov_code: '110000',
    city_code: '110100',
    area_code: '110101',
    address: '西长安街1号',
  };
}

interface ConfigInput {
  bank_split_name: string;
  main_merchant_id: string;
  main_split_percent: number;
  pay_channel: 'all' | 'wechat' | 'alipay';
  split_merchant: { merchant_id: string; split_percent: number }[];
}

describe.each(dialects())('fee splitting (%s)', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let owner: Caller;
  let partner: Caller;
  let third: Caller;
  let stranger: Caller;
  /** The owner's approved cards, its card under review; partner's, third's approved; stranger's unapproved. */
  const card = { own: '', own2: '', ownPending: '', partner: '', third: '', strangerPending: '' };
  let store1: number;
  let store2: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-splits-'));
    t = await createTestApp(dialect, { DATA_DIR: dataDir });
    owner = await mainAccount(t, '13900000301');
    partner = await mainAccount(t, '13900000302');
    third = await mainAccount(t, '13900000303');
    stranger = await mainAccount(t, '13900000304');
    card.own = await addCard(owner, '张三', cardNo('1'), true);
    card.own2 = await addCard(owner, '张三', cardNo('2'), true);
    card.ownPending = await addCard(owner, '张三', cardNo('3'), false);
    card.partner = await addCard(partner, '李小明', cardNo('4'), true);
    card.third = await addCard(third, 'Wang', cardNo('5'), true);
    card.strangerPending = await addCard(stranger, '赵六', cardNo('6'), false);
    const area = ok<{ _id: number }>(await t.call('/api/v1/u/addArea', { name: 'North' }, owner.headers))._id;
    store1 = ok<{ _id: number }>(
      await t.call('/api/v1/u/addStore', { name: 'Mall', area }, owner.headers),
    )._id;
    store2 = ok<{ _id: number }>(
      await t.call('/api/v1/u/addStore', { name: 'Park', area }, owner.headers),
    )._id;
    await addMachine(t, { merchantId: owner.merchantId, sn: '880001', areaId: area, storeId: store1 });
    await addMachine(t, { merchantId: owner.merchantId, sn: '880002', areaId: area, storeId: store2 });
    await addMachine(t, { merchantId: partner.merchantId, sn: '880003', areaId: null, storeId: null });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function addCard(who: Caller, holder: string, number: string, approve: boolean): Promise<string> {
    const { merchant_id } = ok<{ merchant_id: string }>(
      await t.call('/api/v1/k/addBank', form(holder, number), who.headers),
    );
    const upload = await postMultipart(
      t,
      '/api/v1/k/uploadImage?type=bank_z',
      { file: { filename: 'p.png', type: 'image/png', data: SAMPLE_IMAGES.png } },
      who.headers,
    );
    const image = ok<{ image_id: string }>(upload).image_id;
    const images = Object.fromEntries(FIELDS.map((f) => [f, image]));
    ok(await t.call('/api/v1/k/addBankImg', { merchant_id, ...images }, who.headers));
    if (approve) await t.services.bankCards.review.review(Number(merchant_id), { approve: true });
    return merchant_id;
  }

  const valid = (over: Partial<ConfigInput> = {}): ConfigInput => ({
    bank_split_name: `Split ${Math.random().toString(36).slice(2, 8)}`,
    main_merchant_id: card.own,
    main_split_percent: 7000,
    pay_channel: 'all',
    split_merchant: [
      { merchant_id: card.partner, split_percent: 2000 },
      { merchant_id: card.third, split_percent: 1000 },
    ],
    ...over,
  });

  async function configs(who: Caller = owner): Promise<SplitConfig[]> {
    return ok<{ data: SplitConfig[] }>(await t.call('/api/v1/k/getMchSplitAccount', {}, who.headers)).data;
  }

  async function lookupAs(who: Caller, number: string): Promise<TestAnswer> {
    return t.call('/api/v1/k/getMchByBankNo', { acct_no: number }, who.headers);
  }

  it('finds another merchant’s approved card by number, masked, and never one that is not a split account', async () => {
    const found = ok<{ data: Record<string, unknown>[]; count: number }>(
      await lookupAs(owner, cardNo('4').replace(/(\d{4})/g, '$1 ')),
    );
    expect(found.count).toBe(1);
    expect(found.data[0]).toEqual({
      merchant_id: card.partner,
      acct_name: '李*明',
      acct_no_encry: '6222 **** **** 0004',
      bank_code: '102',
      bank: 'Industrial and Commercial Bank of China',
    });
    expect(JSON.stringify(found)).not.toContain(cardNo('4'));
    // The caller's own card, a card under review, a number nobody has.
    expect((await lookupAs(owner, cardNo('1'))).rcode).toBe(RCODE.SPLIT_ACCOUNT_IS_OWN);
    expect((await lookupAs(owner, cardNo('6'))).rcode).toBe(RCODE.SPLIT_ACCOUNT_NOT_FOUND);
    expect((await lookupAs(owner, cardNo('9'))).rcode).toBe(RCODE.SPLIT_ACCOUNT_NOT_FOUND);
    const zh = await t.call(
      '/api/v1/k/getMchByBankNo',
      { acct_no: cardNo('9') },
      { ...owner.headers, lang: 'zh-CN' },
    );
    expect(zh.msg).toBe('没有找到该卡号的已审核商户');
    // The blind index is the stored key, never the number.
    const row = await t.db.kysely
      .selectFrom('bank_cards')
      .select(['acct_no_index', 'acct_no_enc'])
      .where('id', '=', Number(card.partner))
      .executeTakeFirstOrThrow();
    expect(row.acct_no_index).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(cardNo('4'));
  });

  it('limits the look-ups per user, found or not', async () => {
    const searcher = await mainAccount(t, '13900000305');
    for (let i = 0; i < SPLIT_LOOKUP_LIMIT.perWindow; i++) {
      const answer = await lookupAs(searcher, cardNo(i % 2 ? '4' : '8'));
      expect([0, RCODE.SPLIT_ACCOUNT_NOT_FOUND]).toContain(answer.rcode);
    }
    const refused = await lookupAs(searcher, cardNo('4'));
    expect(refused.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect(refused.result).toBeNull();
    // Another user is not held back by it; the window passes.
    expect((await lookupAs(third, cardNo('4'))).rcode).toBe(0);
    t.clock.advance(SPLIT_LOOKUP_LIMIT.windowMs + 1);
    expect((await lookupAs(searcher, cardNo('4'))).rcode).toBe(0);
  });

  it('indexes cards saved before the blind index on start', async () => {
    await t.db.kysely.updateTable('bank_cards').set({ acct_no_index: null }).execute();
    const indexed = await t.services.bankCards.payoutAccounts.indexMissing();
    expect(indexed).toBe(6);
    expect(await t.services.bankCards.payoutAccounts.indexMissing()).toBe(0);
    expect((await lookupAs(partner, cardNo('5'))).rcode).toBe(0);
  });

  it('adds a configuration and lists it with masked cards and a version', async () => {
    const input = valid({ bank_split_name: '合作分账' });
    const added = ok<{ bank_split_id: string; version: number }>(
      await t.call('/api/v1/k/addSplitAccount', input, owner.headers),
    );
    expect(added.version).toBe(1);
    const listed = (await configs()).find((c) => c.bank_split_id === added.bank_split_id)!;
    expect(listed).toMatchObject({
      bank_split_name: '合作分账',
      main_merchant_id: card.own,
      main_merchant_detail: {
        merchant_id: card.own,
        acct_name: '张三',
        acct_no_encry: '6222 **** **** 0001',
      },
      acct_name: '张三',
      bank: '102',
      main_split_percent: 7000,
      pay_channel: 'all',
      version: 1,
      device_count: 0,
      valid: true,
      split_merchant: [
        {
          merchant_id: card.partner,
          acct_name: '李*明',
          acct_no_encry: '6222 **** **** 0004',
          split_percent: 2000,
        },
        {
          merchant_id: card.third,
          acct_name: 'W**g',
          acct_no_encry: '6222 **** **** 0005',
          split_percent: 1000,
        },
      ],
    });
    // Another merchant sees none of it.
    expect((await configs(partner)).map((c) => c.bank_split_id)).not.toContain(added.bank_split_id);
  });

  it('refuses every broken rule with its own code and text, changing nothing', async () => {
    const before = await t.db.kysely
      .selectFrom('split_configs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Partial<ConfigInput>, number][] = [
      [{ main_split_percent: 6000 }, RCODE.SPLIT_SUM_NOT_WHOLE],
      [
        { main_split_percent: 0, split_merchant: [{ merchant_id: card.partner, split_percent: 10000 }] },
        RCODE.SPLIT_SHARE_NOT_POSITIVE,
      ],
      [
        { main_split_percent: 10100, split_merchant: [{ merchant_id: card.partner, split_percent: -100 }] },
        RCODE.SPLIT_SHARE_NOT_POSITIVE,
      ],
      [
        {
          main_split_percent: 6000,
          split_merchant: [
            { merchant_id: card.partner, split_percent: 2000 },
            { merchant_id: card.partner, split_percent: 2000 },
          ],
        },
        RCODE.SPLIT_ACCOUNT_DUPLICATE,
      ],
      [
        { main_split_percent: 5000, split_merchant: [{ merchant_id: card.own, split_percent: 5000 }] },
        RCODE.SPLIT_MAIN_IN_LIST,
      ],
      [
        {
          main_split_percent: 4000,
          split_merchant: [1, 2, 3, 4, 5, 6].map((i) => ({
            merchant_id: String(900 + i),
            split_percent: 1000,
          })),
        },
        RCODE.SPLIT_TOO_MANY,
      ],
      [{ main_split_percent: 10000, split_merchant: [] }, RCODE.SPLIT_LIST_EMPTY],
      [{ main_merchant_id: card.ownPending }, RCODE.SPLIT_MAIN_CARD_INVALID],
      [
        {
          main_merchant_id: card.partner,
          split_merchant: [{ merchant_id: card.third, split_percent: 3000 }],
        },
        RCODE.SPLIT_MAIN_CARD_INVALID,
      ],
      [{ main_merchant_id: '999999' }, RCODE.SPLIT_MAIN_CARD_INVALID],
      [
        { main_split_percent: 7000, split_merchant: [{ merchant_id: card.own2, split_percent: 3000 }] },
        RCODE.SPLIT_ACCOUNT_INVALID,
      ],
      [
        {
          main_split_percent: 7000,
          split_merchant: [{ merchant_id: card.strangerPending, split_percent: 3000 }],
        },
        RCODE.SPLIT_ACCOUNT_INVALID,
      ],
      [
        { main_split_percent: 7000, split_merchant: [{ merchant_id: '999999', split_percent: 3000 }] },
        RCODE.SPLIT_ACCOUNT_INVALID,
      ],
    ];
    for (const [over, rcode] of cases) {
      for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
        const answer = await t.call('/api/v1/k/addSplitAccount', valid(over), { ...owner.headers, lang });
        expect(answer.rcode, JSON.stringify(over)).toBe(rcode);
        expect(answer.msg.length).toBeGreaterThan(3);
      }
    }
    const sum = await t.call('/api/v1/k/addSplitAccount', valid({ main_split_percent: 6950 }), owner.headers);
    expect(sum.msg).toBe(
      'The shares of the main account and the split accounts must add up to 100%, not 99.5%',
    );
    // A fraction of a hundredth is no share at all.
    const fraction = await t.call(
      '/api/v1/k/addSplitAccount',
      valid({ main_split_percent: 6999.5 }),
      owner.headers,
    );
    expect(fraction.rcode).toBe(RCODE.INVALID_PARAM);
    expect(fraction.msg).toContain('Main account share');
    const badChannel = await t.call(
      '/api/v1/k/addSplitAccount',
      { ...valid(), pay_channel: 'cash' },
      owner.headers,
    );
    expect(badChannel.msg).toContain('Payment channel');
    const after = await t.db.kysely
      .selectFrom('split_configs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a second configuration of the same name', async () => {
    ok(await t.call('/api/v1/k/addSplitAccount', valid({ bank_split_name: 'Twice' }), owner.headers));
    const again = await t.call(
      '/api/v1/k/addSplitAccount',
      valid({ bank_split_name: 'Twice' }),
      owner.headers,
    );
    expect(again.rcode).toBe(RCODE.SPLIT_NAME_TAKEN);
    // Another merchant may use the name.
    ok(
      await t.call(
        '/api/v1/k/addSplitAccount',
        valid({
          bank_split_name: 'Twice',
          main_merchant_id: card.partner,
          split_merchant: [{ merchant_id: card.own, split_percent: 3000 }],
        }),
        partner.headers,
      ),
    );
  });

  it('updates a configuration in place, keeps every version, and the next payment takes the new shares', async () => {
    const { bank_split_id } = ok<{ bank_split_id: string }>(
      await t.call('/api/v1/k/addSplitAccount', valid({ bank_split_name: 'Versioned' }), owner.headers),
    );
    ok(await t.call('/api/v1/k/setSplit', { sn: '880001', is_bank_split: 1, bank_split_id }, owner.headers));
    const before = await sharesOf('880001', 'wechat');
    expect(before).toEqual([
      { account: card.own, percent: 7000 },
      { account: card.partner, percent: 2000 },
      { account: card.third, percent: 1000 },
    ]);
    const updated = ok<{ version: number }>(
      await t.call(
        '/api/v1/k/updateSplitAccount',
        {
          bank_split_id,
          ...valid({
            bank_split_name: 'Versioned',
            main_split_percent: 5050,
            pay_channel: 'wechat',
            split_merchant: [{ merchant_id: card.third, split_percent: 4950 }],
          }),
        },
        owner.headers,
      ),
    );
    expect(updated.version).toBe(2);
    expect(await sharesOf('880001', 'wechat')).toEqual([
      { account: card.own, percent: 5050 },
      { account: card.third, percent: 4950 },
    ]);
    // pay_channel: Alipay payments are no longer split.
    expect(await sharesOf('880001', 'alipay')).toBeNull();
    const versions = await t.db.kysely
      .selectFrom('split_config_versions')
      .selectAll()
      .where('config_id', '=', Number(bank_split_id))
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(JSON.parse(versions[0]!.snapshot)).toMatchObject({ main_percent: 7000, pay_channel: 'all' });
    expect(JSON.parse(versions[1]!.snapshot)).toMatchObject({
      main_percent: 5050,
      accounts: [{ account_id: card.third, percent: 4950 }],
    });
    // A broken update changes nothing.
    const broken = await t.call(
      '/api/v1/k/updateSplitAccount',
      { bank_split_id, ...valid({ bank_split_name: 'Versioned', main_split_percent: 1 }) },
      owner.headers,
    );
    expect(broken.rcode).toBe(RCODE.SPLIT_SUM_NOT_WHOLE);
    const listed = (await configs()).find((c) => c.bank_split_id === bank_split_id)!;
    expect(listed).toMatchObject({ version: 2, main_split_percent: 5050, device_count: 1 });
    // Another merchant's update is told the configuration does not exist.
    const foreign = await t.call(
      '/api/v1/k/updateSplitAccount',
      {
        bank_split_id,
        ...valid({
          main_merchant_id: card.partner,
          split_merchant: [{ merchant_id: card.own, split_percent: 3000 }],
        }),
      },
      partner.headers,
    );
    expect(foreign.rcode).toBe(RCODE.SPLIT_CONFIG_NOT_FOUND);
    ok(await t.call('/api/v1/k/setSplit', { sn: '880001', is_bank_split: 0 }, owner.headers));
    // The audit log: created, the machine on, changed (the shares before and after), the machine off; the
    // broken and the foreign updates left nothing.
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'machine_sn', 'changes'])
      .where('kind', '=', 'split_config')
      .where('target_id', '=', bank_split_id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => `${a.action} ${a.machine_sn}`.trim())).toEqual([
      'create',
      'machine_on 880001',
      'edit',
      'machine_off 880001',
    ]);
    expect(JSON.parse(audited[2]!.changes)).toEqual(
      expect.arrayContaining([
        { field: 'main_percent', before: 7000, after: 5050 },
        {
          field: 'split_merchant',
          before: `${card.partner}:2000,${card.third}:1000`,
          after: `${card.third}:4950`,
        },
      ]),
    );
  });

  async function sharesOf(sn: string, client: string) {
    return t.db.kysely
      .transaction()
      .execute((trx) => t.services.feeSplits.splits.sharesFor(trx, owner.merchantId, sn, client));
  }

  it('turns a machine’s split on and off; the device list shows it', async () => {
    const { bank_split_id } = ok<{ bank_split_id: string }>(
      await t.call('/api/v1/k/addSplitAccount', valid({ bank_split_name: 'Machines' }), owner.headers),
    );
    const required = await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1 }, owner.headers);
    expect(required.rcode).toBe(RCODE.SPLIT_CONFIG_REQUIRED);
    const on = ok(
      await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1, bank_split_id }, owner.headers),
    );
    expect(on).toEqual({ sn: '880002', is_bank_split: 1, bank_split_id });
    const devices = ok<{ data: Device[] }>(
      await t.call('/api/v1/d/getDev', { condition: { sn: '880002' } }, owner.headers),
    ).data;
    expect(devices[0]).toMatchObject({
      is_bank_split: 1,
      bank_split_id,
      bank_split_detail: {
        bank_split_name: 'Machines',
        main_merchant_id: card.own,
        main_split_percent: 7000,
        split_merchant: [
          { merchant_id: card.partner, acct_name: '李*明', split_percent: 2000 },
          { merchant_id: card.third, split_percent: 1000 },
        ],
      },
    });
    expect(JSON.stringify(devices)).not.toContain(cardNo('4'));
    // Off keeps the choice; on again without naming it picks it.
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 0 }, owner.headers));
    expect(await sharesOf('880002', 'wechat')).toBeNull();
    const again = ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1 }, owner.headers));
    expect(again).toMatchObject({ is_bank_split: 1, bank_split_id });
    expect(await sharesOf('880002', 'alipay')).toHaveLength(3);
    // Another merchant's machine, or another merchant's configuration: not found.
    expect(
      (await t.call('/api/v1/k/setSplit', { sn: '880003', is_bank_split: 1, bank_split_id }, owner.headers))
        .rcode,
    ).toBe(RCODE.DEVICE_NOT_FOUND);
    expect(
      (await t.call('/api/v1/k/setSplit', { sn: '880003', is_bank_split: 1, bank_split_id }, partner.headers))
        .rcode,
    ).toBe(RCODE.SPLIT_CONFIG_NOT_FOUND);
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 0 }, owner.headers));
  });

  it('gives a gone split card’s share to the main account, and does not split when the main card is gone', async () => {
    const extra = await mainAccount(t, '13900000306');
    const extraCard = await addCard(extra, '钱七', cardNo('7'), true);
    const { bank_split_id } = ok<{ bank_split_id: string }>(
      await t.call(
        '/api/v1/k/addSplitAccount',
        valid({
          bank_split_name: 'Fragile',
          main_merchant_id: card.own2,
          main_split_percent: 6000,
          split_merchant: [
            { merchant_id: card.partner, split_percent: 2500 },
            { merchant_id: extraCard, split_percent: 1500 },
          ],
        }),
        owner.headers,
      ),
    );
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1, bank_split_id }, owner.headers));
    // Its owner deletes the card (no machine of theirs uses it).
    ok(await t.call('/api/v1/k/delMerchant', { merchant_id: extraCard }, extra.headers));
    expect(await sharesOf('880002', 'wechat')).toEqual([
      { account: card.own2, percent: 7500 },
      { account: card.partner, percent: 2500 },
    ]);
    expect((await configs()).find((c) => c.bank_split_id === bank_split_id)).toMatchObject({ valid: false });
    // Switching it on again is refused until it is updated.
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 0 }, owner.headers));
    const refused = await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1 }, owner.headers);
    expect(refused.rcode).toBe(RCODE.SPLIT_ACCOUNT_INVALID);
    // Split on as before the card went (set in the table: the call refuses it now).
    await t.db.kysely.updateTable('devices').set({ is_bank_split: 1 }).where('sn', '=', '880002').execute();
    expect(await sharesOf('880002', 'wechat')).toHaveLength(2);
    // The main card no longer approved (set in the table: approved cards cannot be changed by the calls).
    await t.db.kysely
      .updateTable('bank_cards')
      .set({ review_state: 'rejected' })
      .where('id', '=', Number(card.own2))
      .execute();
    expect(await sharesOf('880002', 'wechat')).toBeNull();
    await t.db.kysely
      .updateTable('bank_cards')
      .set({ review_state: 'approved' })
      .where('id', '=', Number(card.own2))
      .execute();
    await t.db.kysely.updateTable('devices').set({ is_bank_split: 0 }).where('sn', '=', '880002').execute();
  });

  it('answers staff by permission 1029, store scope and "own cards only"', async () => {
    const without = await staffAccount(t, owner, {
      account: 'nobank',
      perms: [PERMISSIONS.DeviceManage, PERMISSIONS.Settle],
    });
    for (const p of [
      '/api/v1/k/getMchSplitAccount',
      '/api/v1/k/addSplitAccount',
      '/api/v1/k/updateSplitAccount',
      '/api/v1/k/getMchByBankNo',
      '/api/v1/k/setSplit',
    ]) {
      expect((await t.call(p, {}, without.headers)).rcode, p).toBe(RCODE.FORBIDDEN);
    }
    const { bank_split_id } = ok<{ bank_split_id: string }>(
      await t.call('/api/v1/k/addSplitAccount', valid({ bank_split_name: 'Scoped' }), owner.headers),
    );
    const outside = await staffAccount(t, owner, {
      account: 'park',
      storeIds: [store2],
      perms: [PERMISSIONS.BankManage],
    });
    expect(
      (await t.call('/api/v1/k/setSplit', { sn: '880001', is_bank_split: 1, bank_split_id }, outside.headers))
        .rcode,
    ).toBe(RCODE.DEVICE_NOT_FOUND);
    ok(
      await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1, bank_split_id }, outside.headers),
    );
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 0 }, outside.headers));
    expect((await configs(outside)).map((c) => c.bank_split_id)).toContain(bank_split_id);

    // "Own cards only": only the configurations they made, with main cards they added.
    const own = await staffAccount(t, owner, { account: 'owncards', perms: [PERMISSIONS.BankManage] });
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', own.userId).execute();
    expect(await configs(own)).toEqual([]);
    const update = await t.call(
      '/api/v1/k/updateSplitAccount',
      { bank_split_id, ...valid({ bank_split_name: 'Scoped' }) },
      own.headers,
    );
    expect(update.rcode).toBe(RCODE.SPLIT_CONFIG_NOT_FOUND);
    const notTheirCard = await t.call('/api/v1/k/addSplitAccount', valid(), own.headers);
    expect(notTheirCard.rcode).toBe(RCODE.SPLIT_MAIN_CARD_INVALID);
    // Nor do they switch off a machine's split running on a configuration they cannot see; it keeps running.
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 1, bank_split_id }, owner.headers));
    const off = await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 0 }, own.headers);
    expect(off.rcode).toBe(RCODE.SPLIT_CONFIG_NOT_FOUND);
    expect(await sharesOf('880002', 'wechat')).not.toBeNull();
    ok(await t.call('/api/v1/k/setSplit', { sn: '880002', is_bank_split: 0 }, owner.headers));
  });
});

describe('splitShares', () => {
  it('gives the split accounts the floor and the main account the rest', () => {
    const shares = [
      { account: 'main', percent: 3334 },
      { account: 'a', percent: 3333 },
      { account: 'b', percent: 3333 },
    ];
    expect(splitShares(100, shares)).toEqual([
      { account: 'main', cents: 34 },
      { account: 'a', cents: 33 },
      { account: 'b', cents: 33 },
    ]);
    expect(splitShares(-100, shares).map((p) => p.cents)).toEqual([-34, -33, -33]);
    expect(SPLIT_WHOLE).toBe(10000);
  });
});
