import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { CallResult } from '@vendo/contract/api/call';
import {
  checkGiftRules,
  formatGiftCode,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_LENGTH,
  GIFT_REDEEM_LIMIT,
  GIFT_STATE_LABELS,
  type GiftCodeState,
  type GiftCounts,
} from '@vendo/contract/api/gifts';
import type * as api from '@vendo/contract/api/gifts';
import { buyPagePath } from '@vendo/contract/api/purchase';
import { zonedDay } from '@vendo/contract/constants';
import type { Locale, LocaleText } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { weekdayOf, weekdaysFromText, weekdaysText, weekdaysToText } from '@vendo/contract/weekdays';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext, type Authenticator } from '../../platform/auth';
import type { RateLimiter } from '../../platform/rate-limit';
import { openTable, REPORT_CONTENT_TYPES, type ReportFormat } from '../../platform/report-file';
import { resumeReportLink, type ReportFile } from '../../platform/report-links';
import type { ReportTickets } from '../../platform/report-tickets';
import type { Body } from '../devices/call-types';
import type { DeviceRow } from '../devices/device-tables';
import type { CustomerIdentity } from '../orders/customer-identity';
import type { GiftOrders } from '../orders/gift-orders';
import type { MemberPoints } from '../orders/member-points';
import type { CodeWithGift, GiftRepository } from './gift-repository';
import type { GiftCodeRow, GiftRow } from './gift-tables';

/** The path of a batch file's download link (the ticket goes in the query). */
export const GIFT_FILE_PATH = '/api/v1/b/download/file';
export const GIFT_FILE_KIND = 'gift-codes';

export interface GiftsDeps {
  db: Kysely<Database>;
  repo: GiftRepository;
  orders: GiftOrders;
  limiter: RateLimiter;
  tickets: ReportTickets<typeof GIFT_FILE_KIND>;
  authenticator: Authenticator;
  clock: () => number;
  /** Reads the customer token of a redemption costing points (issue 18). */
  customers?: CustomerIdentity;
}

/** Whether a batch's codes redeem at `now` in the merchant's zone. */
export type Validity = 'ok' | 'notYet' | 'expired' | 'wrongDay';

export function validityOf(
  gift: Pick<GiftRow, 'start_date' | 'end_date' | 'weekdays'>,
  now: number,
  zone: string,
): Validity {
  const today = zonedDay(now, zone);
  if (today < gift.start_date) return 'notYet';
  if (today > gift.end_date) return 'expired';
  return weekdaysOf(gift).includes(weekdayOf(today)) ? 'ok' : 'wrongDay';
}

function weekdaysOf(gift: Pick<GiftRow, 'weekdays'>): number[] {
  return weekdaysFromText(gift.weekdays);
}

/** A new code from the CSPRNG: GIFT_CODE_LENGTH characters of GIFT_CODE_ALPHABET (about 59 bits). */
export function newGiftCode(): string {
  let out = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) out += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  return out;
}

/**
 * Codes per state of a batch, invalid for its redeemable codes while it is outside its period or weekdays.
 * `returned`: used codes whose vend failed, which redeem again: counted as unused (downloaded once exported).
 */
export function countsOf(
  stored: Map<string, number> | undefined,
  validNow: boolean,
  returned = 0,
  exported = false,
): GiftCounts {
  const n = (s: string) =>
    (stored?.get(s) ?? 0) + (s === (exported ? 'downloaded' : 'unused') ? returned : 0);
  const open = n('unused') + n('downloaded');
  return {
    unused: validNow ? n('unused') : 0,
    downloaded: validNow ? n('downloaded') : 0,
    used: n('used') - returned,
    revoked: n('revoked'),
    deleted: n('deleted'),
    invalid: validNow ? 0 : open,
  };
}

/** The batch's state (contract giftBatch.status). */
export function batchStatus(gift: GiftRow, counts: GiftCounts, validity: Validity): GiftCodeState {
  if (gift.state === 'deleted') return 'deleted';
  if (gift.state === 'revoked') return 'revoked';
  if (counts.used >= gift.quantity) return 'used';
  if (validity !== 'ok') return 'invalid';
  return gift.downloaded_at !== null ? 'downloaded' : 'unused';
}

/** The words of the batch file, in each language. */
const T = {
  title: { 'zh-CN': '礼品券码', 'zh-TW': '禮品券碼', 'en-US': 'Gift voucher codes' },
  code: { 'zh-CN': '券码', 'zh-TW': '券碼', 'en-US': 'Code' },
  status: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'Status' },
  link: { 'zh-CN': '兑换链接', 'zh-TW': '兌換連結', 'en-US': 'Redeem link' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  period: { 'zh-CN': '有效期', 'zh-TW': '有效期', 'en-US': 'Valid period' },
  weekdays: { 'zh-CN': '可用星期', 'zh-TW': '可用星期', 'en-US': 'Weekdays' },
} satisfies Record<string, LocaleText>;

/**
 * Gift vouchers (issue 17, decision 036): the merchant's batches of codes (main account only) and their
 * redemption on the customer's purchase page.
 */
export class GiftsService {
  private points: MemberPoints | undefined;

  constructor(private readonly d: GiftsDeps) {}

  /** Member points (modules/members, plugged in by app.ts): a batch costing points spends them on redemption. */
  useMemberPoints(points: MemberPoints): void {
    this.points = points;
  }

  // -------------------------------------------------------------------------------------------------------
  // The merchant's calls

  async list(auth: AuthContext, body: Body<typeof api.getGift>): Promise<CallResult<typeof api.getGift>> {
    const merchantId = auth.user.merchant_id;
    const { status, keyword } = body.condition;
    const gifts = await this.d.repo.gifts(merchantId, {
      ...(keyword ? { keyword } : {}),
      deleted: status === 'deleted',
    });
    const now = this.d.clock();
    const zone = await this.d.orders.zone(this.d.db, merchantId);
    const counts = await this.d.repo.counts(gifts.map((g) => g.id));
    const returned = await this.returned(merchantId);
    const rows = gifts
      .map((gift) => {
        const validity = validityOf(gift, now, zone);
        const c = countsOf(
          counts.get(gift.id),
          validity === 'ok',
          returned.get(gift.id),
          gift.downloaded_at !== null,
        );
        return { gift, counts: c, status: batchStatus(gift, c, validity) };
      })
      .filter((r) => !status || r.status === status);
    const start = Math.max(0, body.pageNum - 1) * body.pageSize;
    const page = rows.slice(start, start + body.pageSize);
    const ids = page.map((r) => r.gift.id);
    const [devices, goods] = await Promise.all([this.d.repo.devicesOf(ids), this.d.repo.goodsOf(ids)]);
    return {
      count: rows.length,
      data: page.map(({ gift, counts: c, status: s }) => ({
        gift_id: gift.id,
        name: gift.name,
        status: s,
        create_time: gift.created_at,
        salesman: gift.salesman,
        start_date: gift.start_date,
        end_date: gift.end_date,
        weekdays: weekdaysOf(gift),
        points: gift.points,
        note: gift.note,
        device_sn: devices.get(gift.id) ?? [],
        gifts: goods.get(gift.id) ?? [],
        quantity: gift.quantity,
        counts: c,
        downloaded_at: gift.downloaded_at,
      })),
    };
  }

  async machines(
    auth: AuthContext,
    body: Body<typeof api.getGiftHubDev>,
  ): Promise<CallResult<typeof api.getGiftHubDev>> {
    const { keyword, gift_id: giftId } = body.condition;
    if (giftId !== undefined && !(await this.d.repo.gift(auth.user.merchant_id, giftId))) {
      throw new AppError(RCODE.GIFT_NOT_FOUND);
    }
    const { count, rows } = await this.d.repo.machines(
      auth.user.merchant_id,
      { keyword, giftId },
      {
        offset: Math.max(0, body.pageNum - 1) * body.pageSize,
        limit: body.pageSize,
      },
    );
    return {
      count,
      data: rows.map((r) => ({
        sn: r.sn,
        title: r.title,
        type: r.type,
        alive: r.alive,
        store_name: r.store_name ?? '',
      })),
    };
  }

  async add(auth: AuthContext, body: Body<typeof api.addGift>): Promise<CallResult<typeof api.addGift>> {
    const merchantId = auth.user.merchant_id;
    const now = this.d.clock();
    const zone = await this.d.orders.zone(this.d.db, merchantId);
    const broken = checkGiftRules(body, zonedDay(now, zone));
    if (broken) throw new AppError(RCODE[broken.rcode], broken.params);
    const owned = await this.d.repo.ownedSns(merchantId, body.device_sn);
    const foreign = body.device_sn.find((sn) => !owned.has(sn));
    if (foreign) throw new AppError(RCODE.GIFT_DEVICE_INVALID, { sn: foreign });
    const goods = await this.d.repo.ownedGoods(merchantId, body.gifts);
    if (body.gifts.some((id) => !goods.has(id))) throw new AppError(RCODE.GIFT_GOODS_INVALID);

    const id = await this.d.db.transaction().execute(async (trx) => {
      const codes = await this.drawCodes(trx, body.quantity);
      return this.d.repo.insertGift(
        trx,
        {
          merchant_id: merchantId,
          name: body.name,
          salesman: body.salesman,
          start_date: body.start_date,
          end_date: body.end_date,
          weekdays: weekdaysToText(body.weekdays),
          points: body.points,
          note: body.note,
          quantity: body.quantity,
          state: 'active',
          downloaded_at: null,
          created_by: auth.user.id,
          created_at: now,
          updated_at: now,
        },
        body.device_sn,
        body.gifts.map((g) => ({ id: g, name: goods.get(g)! })),
        codes,
      );
    });
    return { gift_id: id, quantity: body.quantity };
  }

  /** `quantity` new codes, none of them already in use (a clash is drawn again; at 59 bits it never happens). */
  private async drawCodes(trx: Kysely<Database>, quantity: number): Promise<string[]> {
    const codes = new Set<string>();
    for (let round = 0; codes.size < quantity; round++) {
      if (round > 5) throw new Error('could not draw unique gift codes');
      const fresh: string[] = [];
      while (codes.size + fresh.length < quantity) {
        const code = newGiftCode();
        if (!codes.has(code) && !fresh.includes(code)) fresh.push(code);
      }
      const taken = await this.d.repo.existingCodes(trx, fresh);
      for (const code of fresh) if (!taken.has(code)) codes.add(code);
    }
    return [...codes];
  }

  async disable(
    auth: AuthContext,
    body: Body<typeof api.disableGift>,
  ): Promise<CallResult<typeof api.disableGift>> {
    const gift = await this.d.repo.gift(auth.user.merchant_id, body.gift_id);
    if (!gift) throw new AppError(RCODE.GIFT_NOT_FOUND);
    const now = this.d.clock();
    if (body.action === 'delete') {
      if (gift.state !== 'revoked') throw new AppError(RCODE.GIFT_DELETE_NOT_REVOKED);
      await this.d.db.transaction().execute(async (trx) => {
        await this.d.repo.moveCodes(trx, gift.id, ['revoked'], 'deleted', now);
        await this.d.repo.setState(trx, gift.id, 'deleted', now);
      });
      return { gift_id: gift.id, status: 'deleted' };
    }
    await this.d.db.transaction().execute(async (trx) => {
      // Only the codes nobody used: a used one stays used (its order exists).
      await this.d.repo.moveCodes(trx, gift.id, ['unused', 'downloaded'], 'revoked', now);
      await this.d.repo.setState(trx, gift.id, 'revoked', now);
    });
    return { gift_id: gift.id, status: 'revoked' };
  }

  /** /b/download: a signed link to the batch's file; its unused codes count as handed out from now on. */
  async download(
    auth: AuthContext,
    body: Body<typeof api.download>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.download>> {
    const gift = await this.batchForCodes(auth, body.gift_id);
    await this.markDownloaded(gift);
    const { token, expires } = this.d.tickets.sign({
      session: auth.sessionId,
      user: auth.user.id,
      kind: GIFT_FILE_KIND,
      format: body.format,
      condition: { gift_id: gift.id, origin },
      locale,
    });
    return {
      url: `${origin}${GIFT_FILE_PATH}?ticket=${token}`,
      filename: this.filename(gift, body.format, locale),
      expires_at: expires,
    };
  }

  /** The file of a link: its session, the main account and the batch again. */
  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const { ticket, auth } = await resumeReportLink(this.d.tickets, this.d.authenticator, token, headers);
    const id = ticket.condition['gift_id'];
    const origin = ticket.condition['origin'];
    if (typeof id !== 'number' || typeof origin !== 'string') throw new AppError(RCODE.REPORT_LINK_INVALID);
    const gift = await this.batchForCodes(auth, id);
    const locale = ticket.locale;
    const codes = await this.d.repo.codes(gift.id);
    const sn = (await this.d.repo.devicesOf([gift.id])).get(gift.id)?.[0] ?? '';
    const period = `${gift.start_date} ~ ${gift.end_date}`;
    const days = weekdaysText(weekdaysOf(gift), locale);
    return {
      filename: this.filename(gift, ticket.format, locale),
      contentType: REPORT_CONTENT_TYPES[ticket.format],
      write: async (out) => {
        const table = openTable(ticket.format, out, T.title[locale], [
          { title: T.code[locale], type: 'text', width: 18 },
          { title: T.status[locale], type: 'text' },
          { title: T.link[locale], type: 'text', width: 60 },
          { title: T.name[locale], type: 'text', width: 20 },
          { title: T.period[locale], type: 'text', width: 24 },
          { title: T.weekdays[locale], type: 'text', width: 24 },
        ]);
        for (const [i, c] of codes.entries()) {
          table.row([
            formatGiftCode(c.code),
            GIFT_STATE_LABELS[c.status as GiftCodeState][locale],
            redeemUrl(origin, sn, c.code),
            gift.name,
            period,
            days,
          ]);
          if (i % 200 === 199) await table.drain();
        }
        await table.end();
      },
    };
  }

  /** The printable sheet: every code with its QR code (the redeem link); unused codes become downloaded. */
  async printCodes(
    auth: AuthContext,
    body: Body<typeof api.getGiftCodes>,
    origin: string,
  ): Promise<CallResult<typeof api.getGiftCodes>> {
    const gift = await this.batchForCodes(auth, body.gift_id);
    await this.markDownloaded(gift);
    const codes = await this.d.repo.codes(gift.id);
    const sn = (await this.d.repo.devicesOf([gift.id])).get(gift.id)?.[0] ?? '';
    const out = [];
    for (const c of codes) {
      const url = redeemUrl(origin, sn, c.code);
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
      out.push({
        code: formatGiftCode(c.code),
        status: c.status as GiftCodeState,
        url,
        qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      });
    }
    return { gift_id: gift.id, name: gift.name, codes: out };
  }

  private async batchForCodes(auth: AuthContext, id: number): Promise<GiftRow> {
    if (!isMainAccount(auth.user)) throw new AppError(RCODE.FORBIDDEN);
    const gift = await this.d.repo.gift(auth.user.merchant_id, id);
    if (!gift) throw new AppError(RCODE.GIFT_NOT_FOUND);
    return gift;
  }

  private async markDownloaded(gift: GiftRow): Promise<void> {
    if (gift.state !== 'active') return;
    const now = this.d.clock();
    await this.d.db.transaction().execute((trx) => this.d.repo.markDownloaded(trx, gift.id, now));
  }

  private filename(gift: GiftRow, format: ReportFormat, locale: Locale): string {
    return `${T.title[locale]}_${gift.id}.${format}`;
  }

  // -------------------------------------------------------------------------------------------------------
  // The customer's purchase page

  /** What a code gives here: the shelves holding one of its gifts. */
  async check(
    body: Body<typeof api.checkGift>,
    ip: string,
    locale: Locale,
  ): Promise<CallResult<typeof api.checkGift>> {
    await this.limit(ip);
    const device = await this.d.orders.machine(body.sn);
    const found = await this.usable(this.d.db, body.code, device, locale);
    const goods = (await this.d.repo.goodsOf([found.gift.id])).get(found.gift.id) ?? [];
    const shelves = await this.d.orders.shelves(
      this.d.db,
      device,
      goods.map((g) => g.goods_id),
    );
    if (!shelves.length) throw new AppError(RCODE.GIFT_NO_GIFT_HERE);
    return {
      code: formatGiftCode(found.code.code),
      name: found.gift.name,
      end_date: found.gift.end_date,
      points: this.pointsOf(found),
      shelves: shelves.map(({ shelf, img }) => ({
        channel_sn: shelf.channel_sn,
        goods_name: shelf.goods_name ?? shelf.name,
        img,
        quantity: shelf.quantity,
      })),
    };
  }

  /**
   * Redeems a code at a shelf. One transaction claims the code (a guarded update from the state it was read in)
   * and makes the free order; a second redeem of the same code, at the same moment or later, finds it used and
   * answers GIFT_CODE_USED with nothing made. The vend goes out after the commit.
   */
  async redeem(
    body: Body<typeof api.redeemGift>,
    ip: string,
    locale: Locale,
  ): Promise<CallResult<typeof api.redeemGift>> {
    await this.limit(ip);
    const device = await this.d.orders.machine(body.sn);
    const now = this.d.clock();
    const order = await this.d.db.transaction().execute(async (trx) => {
      const found = await this.usable(trx, body.code, device, locale);
      const points = this.pointsOf(found);
      const customer = points > 0 ? this.customerOf(body.customer) : null;
      this.d.orders.assertCanVend(device);
      const goods = (await this.d.repo.goodsOf([found.gift.id], trx)).get(found.gift.id) ?? [];
      const shelves = await this.d.orders.shelves(
        trx,
        device,
        goods.map((g) => g.goods_id),
      );
      const pick = shelves.find((s) => s.shelf.channel_sn === body.channel_sn);
      if (!pick) throw new AppError(shelves.length ? RCODE.GIFT_SHELF_NOT_GIFT : RCODE.GIFT_NO_GIFT_HERE);
      const made = await this.d.orders.create(trx, device, pick.shelf, now);
      const claimed = await this.d.repo.claim(trx, found.code, {
        order_id: made.id,
        order_no: made.orderNo,
        used_sn: device.sn,
        used_goods: (pick.shelf.goods_name ?? pick.shelf.name).slice(0, 100),
        used_at: now,
      });
      // Someone else took it between our read and our claim: the order above rolls back with this refusal.
      if (!claimed) throw new AppError(RCODE.GIFT_CODE_USED);
      // The member's points, in this transaction: too few (or no member) undoes the claim and the order.
      if (customer) {
        await this.points!.spend(trx, {
          merchant_id: found.gift.merchant_id,
          customer,
          points,
          reason: 'gift',
          ref: found.code.code,
          order_id: made.id,
          now,
        });
      }
      return made;
    });
    return this.d.orders.vend(order.orderNo);
  }

  /**
   * The points a redemption of this code costs: the batch's, on the code's first redemption; a code redeemed again
   * after a failed vend (nothing came out) was paid for already.
   */
  private pointsOf(found: CodeWithGift): number {
    return found.code.status === 'used' ? 0 : found.gift.points;
  }

  /** The customer a redemption costing points needs: signed in, with a token this server signed. */
  private customerOf(token: string | undefined): string {
    if (!this.points) throw new AppError(RCODE.MEMBERS_UNAVAILABLE);
    if (!token) throw new AppError(RCODE.MEMBER_SIGN_IN_REQUIRED);
    const customer = this.d.customers?.verify(token) ?? null;
    if (!customer) throw new AppError(RCODE.CUSTOMER_IDENTITY_FAILED);
    return customer;
  }

  /** The code, checked for this machine and this moment; refusals name the reason. */
  private async usable(
    db: Kysely<Database>,
    input: string,
    device: DeviceRow,
    locale: Locale,
  ): Promise<CodeWithGift> {
    const found = await this.d.repo.byCode(input, db);
    // Another merchant's code reads as unknown here: nothing about it is told.
    if (!found || found.gift.merchant_id !== device.merchant_id) throw new AppError(RCODE.GIFT_CODE_INVALID);
    const { code, gift } = found;
    if (gift.state !== 'active' || code.status === 'revoked' || code.status === 'deleted') {
      throw new AppError(RCODE.GIFT_CODE_REVOKED);
    }
    if (code.status === 'used' && !(await this.reusable(db, code))) throw new AppError(RCODE.GIFT_CODE_USED);
    if (!(await this.d.repo.hasDevice(gift.id, device.sn, db))) {
      throw new AppError(RCODE.GIFT_CODE_WRONG_MACHINE);
    }
    const zone = await this.d.orders.zone(db, gift.merchant_id);
    switch (validityOf(gift, this.d.clock(), zone)) {
      case 'notYet':
        throw new AppError(RCODE.GIFT_CODE_NOT_YET, { date: gift.start_date });
      case 'expired':
        throw new AppError(RCODE.GIFT_CODE_EXPIRED, { date: gift.end_date });
      case 'wrongDay':
        throw new AppError(RCODE.GIFT_CODE_WRONG_DAY, { days: weekdaysText(weekdaysOf(gift), locale) });
      case 'ok':
        return found;
    }
  }

  /** Per batch of the merchant, its used codes whose order failed: they redeem again, and count as such. */
  private async returned(merchantId: number): Promise<Map<number, number>> {
    const failed = await this.d.orders.failedOf(this.d.db, merchantId);
    return failed.length ? this.d.repo.usedBy(failed) : new Map();
  }

  /** A used code whose order failed (nothing came out) may be redeemed again. */
  private async reusable(db: Kysely<Database>, code: GiftCodeRow): Promise<boolean> {
    return code.order_id !== null && (await this.d.orders.failed(db, code.order_id));
  }

  private async limit(ip: string): Promise<void> {
    await this.d.limiter.reserve([
      { bucket: `gift:ip:${ip}`, limit: GIFT_REDEEM_LIMIT.count, windowMs: GIFT_REDEEM_LIMIT.windowMs },
    ]);
  }

  // -------------------------------------------------------------------------------------------------------
  // For the activity center and the records screen (modules/marketing)

  /**
   * Redemptions of a merchant's codes, newest first: used_at in [start, end), optionally at one machine. A code
   * redeemed again after a failed vend shows its last redemption.
   */
  async redemptions(
    merchantId: number,
    q: { start: number; end: number; sn?: string; pageNum: number; pageSize: number },
  ): Promise<{
    data: {
      gift_id: number;
      name: string;
      code: string;
      order_no: string;
      sn: string;
      goods_name: string;
      time: number;
    }[];
    count: number;
  }> {
    const { count, rows } = await this.d.repo.redemptions(
      merchantId,
      { start: q.start, end: q.end, ...(q.sn ? { sn: q.sn } : {}) },
      { offset: Math.max(0, q.pageNum - 1) * q.pageSize, limit: q.pageSize },
    );
    return {
      count,
      data: rows.map((r) => ({
        gift_id: Number(r.gift_id),
        name: r.name,
        code: formatGiftCode(r.code),
        order_no: r.order_no ?? '',
        sn: r.used_sn ?? '',
        goods_name: r.used_goods ?? '',
        time: Number(r.used_at),
      })),
    };
  }

  /** The activity center's entry: batches (not deleted), those redeemable now, and codes per state. */
  async summary(merchantId: number): Promise<{ batches: number; running: number; counts: GiftCounts }> {
    const gifts = await this.d.repo.gifts(merchantId, { deleted: false });
    const zone = await this.d.orders.zone(this.d.db, merchantId);
    const now = this.d.clock();
    const stored = await this.d.repo.counts(gifts.map((g) => g.id));
    const returned = await this.returned(merchantId);
    const total: GiftCounts = { unused: 0, downloaded: 0, used: 0, revoked: 0, deleted: 0, invalid: 0 };
    let running = 0;
    for (const gift of gifts) {
      const validity = validityOf(gift, now, zone);
      const c = countsOf(
        stored.get(gift.id),
        validity === 'ok',
        returned.get(gift.id),
        gift.downloaded_at !== null,
      );
      const s = batchStatus(gift, c, validity);
      if (s === 'unused' || s === 'downloaded') running += 1;
      for (const k of Object.keys(total) as (keyof GiftCounts)[]) total[k] += c[k];
    }
    return { batches: gifts.length, running, counts: total };
  }
}

/** What a code's QR holds: the purchase page of the batch's (first) machine with the code. */
export function redeemUrl(origin: string, sn: string, code: string): string {
  return `${origin}${buyPagePath(sn)}?gift=${code}`;
}
