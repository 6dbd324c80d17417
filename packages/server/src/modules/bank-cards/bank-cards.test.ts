import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { md5 } from '../../testing/accounts';
import {
  mainAccount,
  ok,
  postMultipart,
  SAMPLE_IMAGES,
  setApp,
  staffAccount,
  type Caller,
} from '../catalog/catalog-testing';
import { bind, provision } from '../devices/device-fixtures';
import { runAdmin } from '../../cli/admin';
import { SANDBOX_REVIEW_DELAY_MS } from './bank-cards-module';

const CARD = '6222020200112233445';
const ID = '11010519491231002X';
const FORM = {
  acct_name: '张三',
  acct_cert_no: ID,
  cert_start_date: '2020-01-01',
  cert_expire_date: '2030-01-01',
  bank_code: '102',
  bank_province: '110000',
  bank_city: '110100',
  bank_branch: '中国工商银行北京西单支行',
  bank_no: '102100000001',
  acct_no: '6222 0202 0011 2233 445',
  acct_mobile: '13800138000',
  prov_code: '110000',
  city_code: '110100',
  area_code: '110101',
  address: '西长安街1号',
};
const FIELDS = ['bank_z', 'bank_f', 'id_card_z', 'id_card_f', 'hold_id_card', 'mendian'] as const;

/** A PNG that "prints" text for the sandbox OCR (a tEXt chunk before IEND). */
function printedPng(text: object): Buffer {
  const image = SAMPLE_IMAGES.png;
  const data = Buffer.from(`Comment\0vendo-ocr:${JSON.stringify(text)}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return Buffer.concat([image.subarray(0, image.length - 12), chunk, image.subarray(image.length - 12)]);
}

describe.each(dialects())('bank cards (%s)', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let owner: Caller;
  let other: Caller;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bank-'));
    t = await createTestApp(dialect, { DATA_DIR: dataDir });
    owner = await mainAccount(t, '13900000101');
    other = await mainAccount(t, '13900000102');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(who: Caller, type: string, data: Buffer = SAMPLE_IMAGES.png): Promise<string> {
    const answer = await postMultipart(
      t,
      `/api/v1/k/uploadImage?type=${type}`,
      { file: { filename: 'p.png', type: 'image/png', data } },
      who.headers,
    );
    return ok<{ image_id: string }>(answer).image_id;
  }

  async function addCard(who: Caller): Promise<string> {
    const { merchant_id } = ok<{ merchant_id: string }>(await t.call('/api/v1/k/addBank', FORM, who.headers));
    const images: Record<string, string> = {};
    for (const f of FIELDS) images[f] = await upload(who, f);
    ok(await t.call('/api/v1/k/addBankImg', { merchant_id, ...images }, who.headers));
    return merchant_id;
  }

  it('adds a card in steps, stores the personal data encrypted and answers it masked', async () => {
    const saved = ok<{ merchant_id: string; step: number }>(
      await t.call('/api/v1/k/addBank', FORM, owner.headers),
    );
    expect(saved.step).toBe(0);
    const row = await t.db.kysely
      .selectFrom('bank_cards')
      .selectAll()
      .where('id', '=', Number(saved.merchant_id))
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(CARD);
    expect(stored).not.toContain(ID);
    expect(stored).not.toContain('13800138000');
    expect(row.review_state).toBe('missingPhotos');

    const list = ok<{ data: Array<Record<string, unknown>>; count: number }>(
      await t.call('/api/v1/k/getMerchant', {}, owner.headers),
    );
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({
      acct_no: '6222 **** **** 3445',
      acct_cert_no: '110***********002X',
      acct_mobile: '138****8000',
      prov: '北京市',
      review_state: 'missingPhotos',
      step: 0,
    });

    const images: Record<string, string> = {};
    for (const f of FIELDS) images[f] = await upload(owner, f);
    const missing = await t.call(
      '/api/v1/k/addBankImg',
      { merchant_id: saved.merchant_id, ...images, mendian: '' },
      { ...owner.headers, lang: 'en-US' },
    );
    expect(missing.rcode).toBe(RCODE.INVALID_PARAM);
    expect(missing.msg).toContain('Please upload all images');
    const done = ok<{ step: number }>(
      await t.call('/api/v1/k/addBankImg', { merchant_id: saved.merchant_id, ...images }, owner.headers),
    );
    expect(done.step).toBe(2);

    // Photos: encrypted on disk, outside the public uploads, served only through a signed URL.
    const photos = ok<Record<string, { url: string } | null>>(
      await t.call('/api/v1/k/getImage', { merchant_id: saved.merchant_id }, owner.headers),
    );
    const url = photos['bank_z']!.url;
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, SAMPLE_IMAGES.png)).toBe(0);
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=[0-9a-f]{4}/, 'sig=0000') });
    expect(forged.statusCode).toBe(404);
    const files = fs.readdirSync(path.join(dataDir, 'private', 'bank-cards'));
    expect(files.length).toBeGreaterThan(0);
    expect(
      fs.readFileSync(path.join(dataDir, 'private', 'bank-cards', files[0]!)).includes(SAMPLE_IMAGES.png),
    ).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('applies the form rules on the server, naming the field', async () => {
    const empty = await t.call(
      '/api/v1/k/addBank',
      { ...FORM, acct_name: '' },
      { ...owner.headers, lang: 'en-US' },
    );
    expect(empty.rcode).toBe(RCODE.INVALID_PARAM);
    expect(empty.msg).toContain('Holder');
    const checkDigit = await t.call(
      '/api/v1/k/addBank',
      { ...FORM, acct_cert_no: '110105194912310021' },
      { ...owner.headers, lang: 'en-US' },
    );
    expect(checkDigit.msg).toContain('ID number');
    const expired = await t.call(
      '/api/v1/k/addBank',
      { ...FORM, cert_start_date: '2016-01-01', cert_expire_date: '2026-01-01' },
      { ...owner.headers, lang: 'en-US' },
    );
    expect(expired.rcode).toBe(RCODE.INVALID_PARAM);
    expect(expired.msg).toContain('expired');
    // ICBC's card number with China Construction Bank chosen.
    const wrongBank = await t.call('/api/v1/k/addBank', { ...FORM, bank_code: '105' }, owner.headers);
    expect(wrongBank.rcode).toBe(RCODE.BANK_UNSUPPORTED);
    const passport = await t.call('/api/v1/k/addBank', { ...FORM, cert_type: 'passport' }, owner.headers);
    expect(passport.rcode).toBe(RCODE.INVALID_PARAM);
  });

  it('reviews by CLI, binds machines only to approved cards, refuses to delete a card in use', async () => {
    const id = await addCard(owner);
    const [device] = await provision(t);
    await bind(t, owner.user, device!);
    const sn = device!.sn;
    const early = await t.call('/api/v1/k/bindDevices', { merchant_id: id, sns: [sn] }, owner.headers);
    expect(early.rcode).toBe(RCODE.BANK_CARD_NOT_APPROVED);

    const lines: string[] = [];
    const code = await runAdmin(t.db, ['bank-review', '--id', id, '--reject', 'blurred photo'], (l) =>
      lines.push(l),
    );
    expect(code).toBe(0);
    let card = ok<{ review_state: string; reject_reason: string; step: number }>(
      await t.call('/api/v1/k/getBank', { merchant_id: id }, owner.headers),
    );
    expect(card).toMatchObject({ review_state: 'rejected', reject_reason: 'blurred photo', step: -1 });
    // Corrected and resubmitted.
    ok(
      await t.call('/api/v1/k/addBank', { ...FORM, merchant_id: id, address: '西长安街2号' }, owner.headers),
    );
    const photos = ok<Record<string, { image_id: string } | null>>(
      await t.call('/api/v1/k/getImage', { merchant_id: id }, owner.headers),
    );
    const ids = Object.fromEntries(FIELDS.map((f) => [f, photos[f]!.image_id]));
    ok(await t.call('/api/v1/k/addBankImg', { merchant_id: id, ...ids }, owner.headers));
    expect(await runAdmin(t.db, ['banks'], (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain(`#${id}`);
    expect(lines.join('\n')).not.toContain(CARD);
    expect(await runAdmin(t.db, ['bank-review', '--id', id, '--approve'], () => undefined)).toBe(0);
    card = ok(await t.call('/api/v1/k/getBank', { merchant_id: id }, owner.headers));
    expect(card.review_state).toBe('approved');

    const before = ok<{ unbound_devices: number; has_approved: boolean }>(
      await t.call('/api/v1/k/isBindBank', {}, owner.headers),
    );
    expect(before.has_approved).toBe(true);
    expect(before.unbound_devices).toBeGreaterThan(0);
    ok(await t.call('/api/v1/k/bindDevices', { merchant_id: id, sns: [sn] }, owner.headers));
    const devices = ok<{ data: Array<{ sn: string; merchant_id: string; merchant_detail: unknown }> }>(
      await t.call('/api/v1/d/getDev', { condition: { merchant_id: id } }, owner.headers),
    );
    expect(devices.data.map((d) => d.sn)).toEqual([sn]);
    expect(devices.data[0]!.merchant_detail).toEqual({
      merchant_id: id,
      acct_name: '张三',
      acct_no_encry: '6222 **** **** 3445',
    });
    const refused = await t.call(
      '/api/v1/k/delMerchant',
      { merchant_id: id },
      { ...owner.headers, lang: 'en-US' },
    );
    expect(refused.rcode).toBe(RCODE.BANK_CARD_IN_USE);
    expect(refused.msg).toContain('1 machines');
    // Another merchant cannot see, bind or delete it.
    expect((await t.call('/api/v1/k/getBank', { merchant_id: id }, other.headers)).rcode).toBe(
      RCODE.BANK_CARD_NOT_FOUND,
    );
    expect((await t.call('/api/v1/k/bindDevices', { merchant_id: id, sns: [sn] }, other.headers)).rcode).toBe(
      RCODE.BANK_CARD_NOT_FOUND,
    );
    ok(await t.call('/api/v1/k/unbindDevices', { sns: [sn] }, owner.headers));
    ok(await t.call('/api/v1/k/delMerchant', { merchant_id: id }, owner.headers));
  });

  it("demo's sandbox reviewer takes a submitted card up at once and approves it after the delay", async () => {
    const reviewer = await mainAccount(t, '13900000109');
    const id = await addCard(reviewer);
    const state = async () =>
      ok<{ review_state: string }>(await t.call('/api/v1/k/getBank', { merchant_id: id }, reviewer.headers))
        .review_state;
    expect(await state()).toBe('unreviewed');
    await t.services.bankCards.review.sandboxReview(SANDBOX_REVIEW_DELAY_MS);
    expect(await state()).toBe('reviewing');
    t.clock.advance(SANDBOX_REVIEW_DELAY_MS);
    await t.services.bankCards.review.sandboxReview(SANDBOX_REVIEW_DELAY_MS);
    expect(await state()).toBe('approved');
  });

  it('shows the clear data to the main account with the operation password only', async () => {
    const id = await addCard(owner);
    const noPwd = await t.call('/api/v1/k/getBank', { merchant_id: id, sign: 'x' }, owner.headers);
    expect(noPwd.rcode).toBe(RCODE.OPER_PWD_NOT_SET);
    ok(await t.call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('246810') }, owner.headers));
    const bad = await t.call('/api/v1/k/getBank', { merchant_id: id, sign: 'forged' }, owner.headers);
    expect(bad.rcode).toBe(RCODE.IDENTITY_EXPIRED);
    const checked = ok<{ sign: string }>(
      await t.call('/api/v1/u/checkOprPwd', { password: md5('246810') }, owner.headers),
    );
    const clear = ok<{ acct_no: string; acct_cert_no: string; revealed: boolean }>(
      await t.call('/api/v1/k/getBank', { merchant_id: id, sign: checked.sign }, owner.headers),
    );
    expect(clear).toMatchObject({ acct_no: CARD, acct_cert_no: ID, revealed: true });
  });

  it('keeps the quota of the Bank app', async () => {
    const m = await mainAccount(t, '13900000103');
    await setApp(t, m.merchantId, 'Bank', { extend: { Bank_max_count: '1' } });
    ok(await t.call('/api/v1/k/addBank', FORM, m.headers));
    const over = await t.call('/api/v1/k/addBank', FORM, m.headers);
    expect(over.rcode).toBe(RCODE.BANK_CARD_QUOTA_EXCEEDED);
  });

  it('limits staff with "only own" to the cards they added, and refuses staff without 1029', async () => {
    const m = await mainAccount(t, '13900000104');
    const mine = await addCard(m);
    const own = await staffAccount(t, m, { account: 'bankown', perms: [PERMISSIONS.BankManage] });
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', own.userId).execute();
    const none = await staffAccount(t, m, { account: 'bankno', perms: [PERMISSIONS.GoodsManage] });
    expect((await t.call('/api/v1/k/getMerchant', {}, none.headers)).rcode).toBe(RCODE.FORBIDDEN);
    const theirs = await addCard(own);
    const list = ok<{ data: Array<{ merchant_id: string }> }>(
      await t.call('/api/v1/k/getMerchant', {}, own.headers),
    );
    expect(list.data.map((c) => c.merchant_id)).toEqual([theirs]);
    expect((await t.call('/api/v1/k/getBank', { merchant_id: mine }, own.headers)).rcode).toBe(
      RCODE.BANK_CARD_NOT_FOUND,
    );
    // Clear data is the main account's: staff asking for it are refused whichever card they name (they learnt
    // whether a card they may not see exists).
    for (const card of [mine, theirs, '987654']) {
      expect(
        await t.call(
          '/api/v1/k/getBank',
          { merchant_id: card, sign: 'x' },
          { ...own.headers, lang: 'zh-TW' },
        ),
        card,
      ).toMatchObject({ rcode: RCODE.FORBIDDEN, result: null });
    }
    const all = ok<{ count: number }>(await t.call('/api/v1/k/getMerchant', {}, m.headers));
    expect(all.count).toBe(2);
  });

  it('answers home\'s card status for staff with "only own" from the cards they may see', async () => {
    const m = await mainAccount(t, '13900000116');
    const mine = await addCard(m);
    expect(await runAdmin(t.db, ['bank-review', '--id', mine, '--approve'], () => undefined)).toBe(0);
    const own = await staffAccount(t, m, { account: 'bankhome', perms: [PERMISSIONS.BankManage] });
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', own.userId).execute();
    const all = await staffAccount(t, m, { account: 'bankall', perms: [PERMISSIONS.BankManage] });
    type Status = {
      has_approved: boolean;
      cards: number;
      approved: number;
      reviewing: number;
      own_only: boolean;
    };
    const status = async (who: Caller) => ok<Status>(await t.call('/api/v1/k/isBindBank', {}, who.headers));
    // Their list is empty, so is their status: no "approved card" they cannot find.
    expect(ok<{ count: number }>(await t.call('/api/v1/k/getMerchant', {}, own.headers)).count).toBe(0);
    expect(await status(own)).toMatchObject({
      has_approved: false,
      cards: 0,
      approved: 0,
      reviewing: 0,
      own_only: true,
    });
    await addCard(own);
    expect(await status(own)).toMatchObject({ has_approved: false, cards: 1, approved: 0, reviewing: 1 });
    // Staff who see all cards, and the main account, count the merchant's.
    const merchant = { has_approved: true, cards: 2, approved: 1, reviewing: 1, own_only: false };
    expect(await status(all)).toMatchObject(merchant);
    expect(await status(m)).toMatchObject(merchant);
  });

  it("counts home's machines without a card in a staff member's stores only", async () => {
    const m = await mainAccount(t, '13900000117');
    const area = ok<{ _id: number }>(await t.call('/api/v1/u/addArea', { name: 'North' }, m.headers))._id;
    const store = ok<{ _id: number }>(
      await t.call('/api/v1/u/addStore', { name: 'Mall', area }, m.headers),
    )._id;
    const [inStore, elsewhere] = await provision(t, 'vm', 2);
    await bind(t, m.user, inStore!, 'In the mall');
    await bind(t, m.user, elsewhere!, 'Elsewhere');
    await t.db.kysely.updateTable('devices').set({ store_id: store }).where('sn', '=', inStore!.sn).execute();
    const scoped = await staffAccount(t, m, {
      account: 'bankstore',
      storeIds: [store],
      perms: [PERMISSIONS.BankManage],
    });
    type Fleet = { devices: number; unbound_devices: number };
    const fleet = async (who: Caller) => ok<Fleet>(await t.call('/api/v1/k/isBindBank', {}, who.headers));
    expect(await fleet(scoped)).toMatchObject({ devices: 1, unbound_devices: 1 });
    expect(await fleet(m)).toMatchObject({ devices: 2, unbound_devices: 2 });
  });

  it('lets staff with "only own" move machines only off no card or their own, never off another\'s card', async () => {
    const m = await mainAccount(t, '13900000115');
    const mine = await addCard(m);
    expect(await runAdmin(t.db, ['bank-review', '--id', mine, '--approve'], () => undefined)).toBe(0);
    const [onMine, free] = await provision(t, 'vm', 2);
    await bind(t, m.user, onMine!, 'On main card');
    await bind(t, m.user, free!, 'No card');
    ok(await t.call('/api/v1/k/bindDevices', { merchant_id: mine, sns: [onMine!.sn] }, m.headers));
    const own = await staffAccount(t, m, { account: 'bankmove', perms: [PERMISSIONS.BankManage] });
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', own.userId).execute();
    const theirs = await addCard(own);
    expect(await runAdmin(t.db, ['bank-review', '--id', theirs, '--approve'], () => undefined)).toBe(0);

    // The main account's card is out of their sight: neither cleared nor replaced, and the message says why.
    const cleared = await t.call(
      '/api/v1/k/unbindDevices',
      { sns: [onMine!.sn] },
      { ...own.headers, lang: 'en-US' },
    );
    expect(cleared.rcode).toBe(RCODE.MACHINE_ON_OTHERS_CARD);
    expect(cleared.msg).toContain(onMine!.sn);
    const moved = await t.call(
      '/api/v1/k/bindDevices',
      { merchant_id: theirs, sns: [onMine!.sn, free!.sn] },
      own.headers,
    );
    expect(moved.rcode).toBe(RCODE.MACHINE_ON_OTHERS_CARD);
    const devices = ok<{ data: Array<{ sn: string; merchant_id: string | null }> }>(
      await t.call('/api/v1/d/getDev', {}, m.headers),
    );
    const payout = (sn: string) => devices.data.find((d) => d.sn === sn)?.merchant_id;
    expect(payout(onMine!.sn)).toBe(mine);
    expect(payout(free!.sn) ?? null).toBeNull();

    // A machine without a card, and then their own card's machine, are theirs to set and clear.
    ok(await t.call('/api/v1/k/bindDevices', { merchant_id: theirs, sns: [free!.sn] }, own.headers));
    ok(await t.call('/api/v1/k/unbindDevices', { sns: [free!.sn] }, own.headers));
    // The main account moves any machine.
    ok(await t.call('/api/v1/k/unbindDevices', { sns: [onMine!.sn] }, m.headers));
  });

  it('fills a card through a share link, which expires and can be revoked', async () => {
    const m = await mainAccount(t, '13900000105');
    const link = ok<{ share_id: number; url: string; qr: string; expire_at: number }>(
      await t.call('/api/v1/b/getShareUrl', {}, m.headers),
    );
    expect(link.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const query = new URL(link.url).searchParams;
    const creds = { token: query.get('token')!, secret: query.get('secret')! };
    let record = ok<{ resume: string; record: unknown }>(await t.call('/p/v1/b/getBankInfoRecord', creds));
    expect(record).toMatchObject({ resume: 'form', record: null });
    expect((await t.call('/p/v1/b/getBankInfoRecord', { ...creds, secret: 'wrong' })).rcode).toBe(
      RCODE.SHARE_LINK_INVALID,
    );
    const saved = ok<{ merchant_id: string }>(
      await t.call('/p/v1/b/addBankInfoForShare', { ...creds, ...FORM }),
    );
    record = ok(await t.call('/p/v1/b/getBankInfoRecord', creds));
    expect(record.resume).toBe('photos');

    // OCR on a photo that "prints" its card number; a plain photo fails with "enter manually".
    const front = ok<{ image_id: string }>(
      await postMultipart(
        t,
        '/p/v1/b/uploadImageForShare',
        {
          ...creds,
          type: 'bank_z',
          file: { filename: 'c.png', type: 'image/png', data: printedPng({ cardNumber: CARD }) },
        },
        {},
      ),
    );
    const read = ok<{ sandbox: boolean; acct_no: string; bank_code: string }>(
      await t.call('/p/v1/b/ocrImageForShare', { ...creds, image_id: front.image_id, type: 'bank_z' }),
    );
    expect(read).toMatchObject({ sandbox: true, acct_no: CARD, bank_code: '102' });
    const images: Record<string, string> = { bank_z: front.image_id };
    for (const f of FIELDS.slice(1)) {
      images[f] = ok<{ image_id: string }>(
        await postMultipart(
          t,
          '/p/v1/b/uploadImageForShare',
          { ...creds, type: f, file: { filename: 'p.png', type: 'image/png', data: SAMPLE_IMAGES.png } },
          {},
        ),
      ).image_id;
    }
    const failed = await t.call('/p/v1/b/ocrImageForShare', {
      ...creds,
      image_id: images['bank_f'],
      type: 'bank_z',
    });
    expect(failed.rcode).toBe(RCODE.OCR_FAILED);
    // The merchant's own uploads are not the invited person's to use.
    const foreign = await upload(m, 'mendian');
    expect(
      (await t.call('/p/v1/b/addBankImgForShare', { ...creds, ...images, mendian: foreign })).rcode,
    ).toBe(RCODE.INVALID_PARAM);
    ok(await t.call('/p/v1/b/addBankImgForShare', { ...creds, ...images }));
    const list = ok<{ data: Array<{ merchant_id: string; source: string }> }>(
      await t.call('/api/v1/k/getMerchant', {}, m.headers),
    );
    expect(list.data).toEqual([expect.objectContaining({ merchant_id: saved.merchant_id, source: 'share' })]);

    // Another merchant cannot revoke the owner's link.
    expect((await t.call('/api/v1/k/revokeShareUrl', { share_id: link.share_id }, other.headers)).rcode).toBe(
      RCODE.SHARE_LINK_INVALID,
    );
    // Revoked: the link stops at once.
    ok(await t.call('/api/v1/k/revokeShareUrl', { share_id: link.share_id }, m.headers));
    expect((await t.call('/p/v1/b/getBankInfoRecord', creds)).rcode).toBe(RCODE.SHARE_LINK_INVALID);
    // Another link expires after 7 days.
    const later = ok<{ url: string }>(await t.call('/api/v1/b/getShareUrl', {}, m.headers));
    const q2 = new URL(later.url).searchParams;
    const creds2 = { token: q2.get('token')!, secret: q2.get('secret')! };
    ok(await t.call('/p/v1/b/getBankInfoRecord', creds2));
    t.clock.advance(7 * 24 * 3_600_000 + 1);
    expect((await t.call('/p/v1/b/getBankInfoRecord', creds2)).rcode).toBe(RCODE.SHARE_LINK_INVALID);
  });
});
