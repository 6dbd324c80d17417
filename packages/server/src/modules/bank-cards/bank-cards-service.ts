import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Kysely, Updateable } from 'kysely';
import type * as api from '@vendo/contract/api/bank-cards';
import {
  BANK_IMAGE_FIELDS,
  IMAGE_URL_VALID_MS,
  SHARE_LINK_VALID_MS,
  SHARE_LINKS_MAX,
  type BankCard,
  type BankImageField,
} from '@vendo/contract/api/bank-cards';
import type { z } from 'zod';
import type { CallResult } from '@vendo/contract/api/call';
import { appMaxCount } from '@vendo/contract/constants';
import {
  BANK_LABELS,
  BANK_REVIEW_STATES,
  MERCHANT_ENTRY_STEPS,
  type BankCode,
  type BankReviewState,
  ACCT_CERT_TYPE,
  isBankCode,
} from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { checkIdValidity } from '@vendo/contract/validation';
import type { Database } from '../../db/database';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { OcrProvider } from '../../integrations/ocr/ocr-provider';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext } from '../../platform/auth';
import { hmac, safeEqual, sha256 } from '../../platform/crypto';
import { assertOperSign, scopeOf } from '../../platform/scope';
import type { AppModules } from '../apps/app-modules';
import { cardFitsBank, issuingBank } from '../bank-directory/card-bin';
import type { Regions } from '../catalog/regions';
import { inspectImage } from '../catalog/image-header';
import { megabytes } from '../catalog/image-library';
import type { MachinePayouts, PayoutDetails, PayoutMerchantDetail } from '../devices/machine-payouts';
import type { BankCardRepository } from './bank-card-repository';
import type { BankCardImageRow, BankCardRow, BankCardShareRow, BankCardsTable } from './bank-card-tables';
import { maskCardNumber, maskIdNumber, maskMobile, type CardDataCipher } from './card-data-cipher';
import type { PrivateImages } from './private-images';
import { AuditLog, diffFields, originOf, type AuditChange, type AuditOrigin } from '../audit/audit-log';

/** A call's body as the handler receives it: parsed by its schema, defaults applied. */
type Body<C extends { request: z.ZodType }> = z.output<C['request']>;
type FormBody = Body<typeof api.addBank>;
type ImageBody = Body<typeof api.addBankImg>;
type ShareCreds = { token: string; secret: string };

/** Who is writing: a user of the merchant, or the invited person of a share link. */
type Writer =
  | { kind: 'user'; merchantId: number; userId: number; ownOnly: boolean; origin: AuditOrigin }
  | { kind: 'share'; merchantId: number; share: BankCardShareRow };

export const IMAGE_PATH = '/p/v1/bankImage';
/** States in which a card may still be corrected by its holder. */
const EDITABLE: readonly BankReviewState[] = ['missingPhotos', 'unreviewed', 'rejected'];
/** A card's fields the audit log shows changing: numbers only as their masks (never the encrypted values). */
const AUDITED = [
  'mch_name',
  'acct_name',
  'acct_no_mask',
  'cert_no_mask',
  'mobile_mask',
  'bank_code',
  'bank_branch',
  'bank_no',
  'address',
] as const;

export interface BankCardsDeps {
  db: Kysely<Database>;
  repo: BankCardRepository;
  cipher: CardDataCipher;
  images: PrivateImages;
  apps: AppModules;
  regions: Regions;
  machines: MachinePayouts;
  messaging: MessagingApp;
  ocr: OcrProvider;
  platformSecret: string;
  maxBytes: number;
  clock: () => number;
  timeZone: string;
}

/**
 * The payout cards (issue 15): the three-step entry on /bankCard and through share links, review states,
 * machines bound to approved cards. Card number, ID number and holder phone are stored encrypted and answered
 * masked, except to the main account with a valid operation-password sign.
 */
export class BankCardsService implements PayoutDetails {
  private readonly urlKey: string;

  constructor(private readonly d: BankCardsDeps) {
    this.urlKey = hmac(d.platformSecret, 'bank-card-image-urls');
  }

  // -- Lists and detail

  async list(
    auth: AuthContext,
    body: Body<typeof api.getMerchant>,
    locale: Locale,
  ): Promise<CallResult<typeof api.getMerchant>> {
    const scope = await scopeOf(this.d.db, auth);
    const c = body.condition;
    const { rows, count } = await this.d.repo.list(
      {
        merchantId: scope.merchantId,
        createdBy: scope.bankOwnOnly ? scope.userId : null,
        keyword: c.keyword,
        reviewState: c.approved ? 'approved' : c.review_state,
      },
      body,
    );
    const counts = await this.d.machines.countsByPayout(
      scope.merchantId,
      rows.map((r) => String(r.id)),
    );
    return {
      data: rows.map((r) => this.present(r, locale, counts.get(String(r.id)) ?? 0, auth.user.id)),
      count,
    };
  }

  async detail(
    auth: AuthContext,
    body: Body<typeof api.getBank>,
    locale: Locale,
  ): Promise<CallResult<typeof api.getBank>> {
    // Clear data: the main account only (staff asking for it are refused before the card is looked up, whichever
    // card they name), with an operation password that is on and a sign under 2 hours old.
    if (body.sign !== undefined && !isMainAccount(auth.user)) throw new AppError(RCODE.FORBIDDEN);
    const row = await this.ownedCard(auth, body.merchant_id);
    const devices = await this.d.machines.boundTo(auth.merchant.id, String(row.id));
    const card = this.present(row, locale, devices, auth.user.id);
    if (body.sign === undefined) return { ...card, revealed: false };
    if (auth.user.is_oper_pwd !== 1) throw new AppError(RCODE.OPER_PWD_NOT_SET);
    assertOperSign(auth, body.sign, this.d.clock());
    const acctNo = this.d.cipher.decryptText(row.acct_no_enc);
    const mobile = this.d.cipher.decryptText(row.mobile_enc);
    return {
      ...card,
      acct_no: acctNo,
      acct_cert_no: this.d.cipher.decryptText(row.cert_no_enc),
      telephone: mobile,
      acct_mobile: mobile,
      revealed: true,
    };
  }

  async photos(auth: AuthContext, merchantId: string): Promise<CallResult<typeof api.getImage>> {
    const row = await this.ownedCard(auth, merchantId);
    return this.photosOf(row);
  }

  async remove(auth: AuthContext, merchantId: string): Promise<void> {
    const row = await this.ownedCard(auth, merchantId);
    const bound = await this.d.machines.boundTo(auth.merchant.id, String(row.id));
    if (bound > 0) throw new AppError(RCODE.BANK_CARD_IN_USE, { count: bound });
    const imageIds = imageIdsOf(row);
    const images = await this.d.repo.imagesByIds(imageIds);
    const writer = await this.userWriter(auth);
    await this.d.repo.transaction(async (repo, trx) => {
      await repo.deleteCard(row.id);
      await repo.deleteImages(imageIds);
      await this.audit(trx, writer, 'delete', row, diffFields(row, null, AUDITED));
    });
    // Personal data goes with the card: the photo files too.
    await Promise.all(images.map((i) => this.d.images.remove(i.file)));
  }

  async homeStatus(auth: AuthContext): Promise<CallResult<typeof api.isBindBank>> {
    // Staff with "only own" count the cards they may see (their list's), not the merchant's.
    const scope = await scopeOf(this.d.db, auth);
    const counts = await this.d.repo.countsByState(scope.merchantId, scope.bankOwnOnly ? scope.userId : null);
    const n = (s: BankReviewState) => counts.get(s) ?? 0;
    // Staff limited to stores count the machines they can bind (bindDevices takes only those).
    const fleet = await this.d.machines.fleet(scope.merchantId, scope.storeIds);
    return {
      has_approved: n('approved') > 0,
      cards: BANK_REVIEW_STATES.reduce((sum, s) => sum + n(s), 0),
      approved: n('approved'),
      reviewing: n('unreviewed') + n('reviewing'),
      rejected: n('rejected'),
      incomplete: n('missingPhotos'),
      devices: fleet.total,
      unbound_devices: fleet.unbound,
      own_only: scope.bankOwnOnly,
    };
  }

  async options(auth: AuthContext): Promise<CallResult<typeof api.getMerchantOptions>> {
    const { rows, count } = await this.d.repo.list(
      { merchantId: auth.merchant.id, createdBy: null, reviewState: 'approved' },
      { pageNum: 1, pageSize: 999 },
    );
    return { data: rows.map(payoutDetail), count };
  }

  /** PayoutDetails for the device list: the merchant's cards by id, masked. */
  async details(
    merchantId: number,
    payoutIds: readonly string[],
  ): Promise<Map<string, PayoutMerchantDetail>> {
    const ids = payoutIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const rows = await this.d.repo.cardsByIds(merchantId, ids);
    return new Map(rows.map((r) => [String(r.id), payoutDetail(r)]));
  }

  // -- Step 1 and 2

  async save(auth: AuthContext, body: FormBody): Promise<CallResult<typeof api.addBank>> {
    return this.saveForm(await this.userWriter(auth), body, body.merchant_id);
  }

  async saveImages(auth: AuthContext, body: ImageBody): Promise<CallResult<typeof api.addBankImg>> {
    const writer = await this.userWriter(auth);
    const row = await this.writableCard(writer, body.merchant_id);
    return this.submitImages(writer, row, body);
  }

  // -- Uploads and OCR

  async uploadFile(
    auth: AuthContext,
    file: { data: Uint8Array } | undefined,
    type: BankImageField,
  ): Promise<CallResult<typeof api.uploadImage>> {
    return this.storeUpload(await this.userWriter(auth), file?.data, type);
  }

  async uploadWx(
    auth: AuthContext,
    serverId: string,
    type: BankImageField,
  ): Promise<CallResult<typeof api.uploadWxImage>> {
    return this.storeUpload(await this.userWriter(auth), await this.fetchMedia(serverId), type);
  }

  async ocr(auth: AuthContext, body: Body<typeof api.ocrImage>): Promise<CallResult<typeof api.ocrImage>> {
    return this.readImage(auth.merchant.id, body.image_id, body.type);
  }

  // -- Machines

  async bind(
    auth: AuthContext,
    body: Body<typeof api.bindDevices>,
  ): Promise<CallResult<typeof api.bindDevices>> {
    const scope = await scopeOf(this.d.db, auth);
    const row = await this.ownedCard(auth, body.merchant_id);
    if (row.review_state !== 'approved') throw new AppError(RCODE.BANK_CARD_NOT_APPROVED);
    const { changed, missing, foreign } = await this.d.machines.setPayout(
      scope.merchantId,
      [...new Set(body.sns)],
      String(row.id),
      scope.storeIds,
      this.d.clock(),
      await this.movableFrom(scope),
    );
    if (missing.length > 0) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (foreign.length > 0) throw new AppError(RCODE.MACHINE_ON_OTHERS_CARD, { sn: foreign.join(', ') });
    // The machines module changes them in its own transaction: the entry follows it.
    await this.audit(this.d.db, await this.userWriter(auth), 'bind_machines', row, [
      { field: 'machines', before: null, after: [...new Set(body.sns)].join(',') },
    ]);
    return { bound: changed };
  }

  async unbind(
    auth: AuthContext,
    body: Body<typeof api.unbindDevices>,
  ): Promise<CallResult<typeof api.unbindDevices>> {
    const scope = await scopeOf(this.d.db, auth);
    const { changed, missing, foreign } = await this.d.machines.setPayout(
      scope.merchantId,
      [...new Set(body.sns)],
      null,
      scope.storeIds,
      this.d.clock(),
      await this.movableFrom(scope),
    );
    if (missing.length > 0) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (foreign.length > 0) throw new AppError(RCODE.MACHINE_ON_OTHERS_CARD, { sn: foreign.join(', ') });
    await this.audit(this.d.db, await this.userWriter(auth), 'unbind_machines', null, [
      { field: 'machines', before: [...new Set(body.sns)].join(','), after: null },
    ]);
    return { unbound: changed };
  }

  // -- Share links

  async createShare(auth: AuthContext, origin: string): Promise<CallResult<typeof api.getShareUrl>> {
    const now = this.d.clock();
    const token = randomBytes(16).toString('hex');
    const secret = randomBytes(24).toString('hex');
    const url = `${origin}/shareAddBank?token=${token}&secret=${secret}`;
    let qr: string;
    try {
      qr = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(url, { type: 'svg', margin: 1 })).toString('base64')}`;
    } catch {
      throw new AppError(RCODE.QR_CREATE_FAILED);
    }
    const writer = await this.userWriter(auth);
    const id = await this.d.repo.transaction(async (repo, trx) => {
      await repo.lockMerchant(auth.merchant.id);
      if ((await repo.countLiveShares(auth.merchant.id, now)) >= SHARE_LINKS_MAX) {
        throw new AppError(RCODE.SHARE_LINK_LIMIT, { max: SHARE_LINKS_MAX });
      }
      const shareId = await repo.insertShare({
        merchant_id: auth.merchant.id,
        created_by: auth.user.id,
        token,
        secret_hash: sha256(secret),
        expires_at: now + SHARE_LINK_VALID_MS,
        created_at: now,
      });
      await this.audit(trx, writer, 'share_link', null, [
        { field: 'share_id', before: null, after: shareId },
        { field: 'expires_at', before: null, after: now + SHARE_LINK_VALID_MS },
      ]);
      return shareId;
    });
    return { share_id: id, url, qr, expire_at: now + SHARE_LINK_VALID_MS };
  }

  async shares(
    auth: AuthContext,
    body: Body<typeof api.getShareList>,
  ): Promise<CallResult<typeof api.getShareList>> {
    const scope = await scopeOf(this.d.db, auth);
    const { rows, count } = await this.d.repo.listShares(
      scope.merchantId,
      scope.bankOwnOnly ? scope.userId : null,
      body,
    );
    return {
      data: rows.map((r) => ({
        share_id: r.id,
        expire_at: r.expires_at,
        merchant_id: r.card_id === null ? null : String(r.card_id),
        revoked: r.revoked_at !== null,
        create_time: r.created_at,
      })),
      count,
    };
  }

  async revokeShare(auth: AuthContext, shareId: number): Promise<void> {
    const scope = await scopeOf(this.d.db, auth);
    const share = await this.d.repo.findShare(scope.merchantId, shareId);
    if (!share || (scope.bankOwnOnly && share.created_by !== scope.userId)) {
      throw new AppError(RCODE.SHARE_LINK_INVALID);
    }
    const writer = await this.userWriter(auth);
    await this.d.repo.transaction(async (repo, trx) => {
      await repo.revokeShare(share.id, this.d.clock());
      await this.audit(trx, writer, 'share_revoke', null, [
        { field: 'share_id', before: share.id, after: null },
      ]);
    });
  }

  async shareRecord(creds: ShareCreds, locale: Locale): Promise<CallResult<typeof api.getBankInfoRecord>> {
    const share = await this.openShare(creds);
    const merchant = await this.d.db
      .selectFrom('merchants')
      .select('name')
      .where('id', '=', share.merchant_id)
      .executeTakeFirst();
    const row =
      share.card_id === null ? undefined : await this.d.repo.findCard(share.merchant_id, share.card_id);
    return {
      inviter: merchant?.name ?? '',
      expire_at: share.expires_at,
      resume: resumeOf(row),
      record: row ? this.present(row, locale, 0, null) : null,
      images: row ? await this.photosOf(row) : null,
    };
  }

  async shareSave(
    creds: ShareCreds,
    body: Omit<FormBody, 'merchant_id'>,
  ): Promise<CallResult<typeof api.addBank>> {
    const share = await this.openShare(creds);
    const writer: Writer = { kind: 'share', merchantId: share.merchant_id, share };
    return this.saveForm(writer, body, share.card_id === null ? undefined : String(share.card_id));
  }

  async shareImages(
    creds: ShareCreds,
    body: Omit<ImageBody, 'merchant_id'>,
  ): Promise<CallResult<typeof api.addBankImg>> {
    const share = await this.openShare(creds);
    if (share.card_id === null) throw new AppError(RCODE.BANK_CARD_NOT_FOUND);
    const writer: Writer = { kind: 'share', merchantId: share.merchant_id, share };
    const row = await this.writableCard(writer, String(share.card_id));
    return this.submitImages(writer, row, body);
  }

  async shareUploadFile(
    creds: ShareCreds,
    file: { data: Uint8Array } | undefined,
    type: BankImageField,
  ): Promise<CallResult<typeof api.uploadImage>> {
    const share = await this.openShare(creds);
    return this.storeUpload({ kind: 'share', merchantId: share.merchant_id, share }, file?.data, type);
  }

  async shareUploadWx(creds: ShareCreds, serverId: string, type: BankImageField) {
    const share = await this.openShare(creds);
    const data = await this.fetchMedia(serverId);
    return this.storeUpload({ kind: 'share', merchantId: share.merchant_id, share }, data, type);
  }

  async shareOcr(creds: ShareCreds, imageId: string, type: 'bank_z' | 'id_card_z') {
    const share = await this.openShare(creds);
    return this.readImage(share.merchant_id, imageId, type, share.id);
  }

  // -- Images by signed URL

  /** The photo behind a signed URL, or null (expired, forged, gone). */
  async signedImage(
    publicId: string,
    exp: number,
    sig: string,
  ): Promise<{ data: Buffer; contentType: string } | null> {
    if (!Number.isFinite(exp) || exp < this.d.clock()) return null;
    if (!safeEqual(sig, this.imageSig(publicId, exp))) return null;
    const row = await this.d.db
      .selectFrom('bank_card_images')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirst();
    if (!row) return null;
    const data = await this.d.images.read(row.file);
    return data ? { data, contentType: row.content_type } : null;
  }

  // -- Internals

  /**
   * The audit entry of a card change by a user of the merchant, in the change's transaction. Writes through a
   * share link (someone without an account) are not in the audit log: the link's creation and revocation are.
   */
  private async audit(
    trx: Kysely<Database>,
    writer: Writer,
    action: string,
    card: Pick<BankCardRow, 'id' | 'mch_name'> | null,
    changes: AuditChange[],
  ): Promise<void> {
    if (writer.kind !== 'user') return;
    await new AuditLog(this.d.clock).record(trx, {
      merchantId: writer.merchantId,
      origin: writer.origin,
      kind: 'bank_card',
      action,
      ...(card ? { target: { type: 'bank_card', id: card.id, name: card.mch_name } } : {}),
      changes,
    });
  }

  private async userWriter(auth: AuthContext): Promise<Writer> {
    const scope = await scopeOf(this.d.db, auth);
    return {
      kind: 'user',
      merchantId: scope.merchantId,
      userId: scope.userId,
      ownOnly: scope.bankOwnOnly,
      origin: originOf(auth),
    };
  }

  /**
   * Staff whose bank cards are "only own" move machines only off no card or off their own cards: the ids of
   * their cards; null for everyone else.
   */
  private async movableFrom(scope: { merchantId: number; userId: number; bankOwnOnly: boolean }) {
    return scope.bankOwnOnly ? this.d.repo.cardIdsCreatedBy(scope.merchantId, scope.userId) : null;
  }

  /** A card of the caller's merchant that the caller may see (staff "only own": theirs). */
  private async ownedCard(auth: AuthContext, merchantId: string): Promise<BankCardRow> {
    const scope = await scopeOf(this.d.db, auth);
    const row = await this.d.repo.findCard(scope.merchantId, Number(merchantId));
    if (!row || (scope.bankOwnOnly && row.created_by !== scope.userId)) {
      throw new AppError(RCODE.BANK_CARD_NOT_FOUND);
    }
    return row;
  }

  private async writableCard(writer: Writer, merchantId: string): Promise<BankCardRow> {
    const row = await this.d.repo.findCard(writer.merchantId, Number(merchantId));
    const visible =
      row &&
      (writer.kind === 'share'
        ? writer.share.card_id === row.id
        : !writer.ownOnly || row.created_by === writer.userId);
    if (!row || !visible) throw new AppError(RCODE.BANK_CARD_NOT_FOUND);
    if (!EDITABLE.includes(row.review_state as BankReviewState)) throw new AppError(RCODE.BANK_CARD_LOCKED);
    return row;
  }

  private async saveForm(
    writer: Writer,
    body: Omit<FormBody, 'merchant_id'>,
    merchantId: string | undefined,
  ): Promise<CallResult<typeof api.addBank>> {
    const now = this.d.clock();
    const validity = checkIdValidity(body.cert_start_date, body.cert_expire_date, now, this.d.timeZone);
    if (validity) throw AppError.invalid('cert_expire_date', validity);
    if (!cardFitsBank(body.acct_no, body.bank_code)) throw new AppError(RCODE.BANK_UNSUPPORTED);
    const region = this.d.regions.resolve(body.prov_code, body.city_code, body.area_code);
    if (!region) throw new AppError(RCODE.REGION_UNKNOWN);
    const values = {
      mch_name: body.mch_name || body.acct_name,
      acct_name: body.acct_name,
      acct_no_enc: this.d.cipher.encryptText(body.acct_no),
      acct_no_mask: maskCardNumber(body.acct_no),
      acct_no_last4: body.acct_no.slice(-4),
      acct_no_index: this.d.cipher.numberIndex(body.acct_no),
      cert_no_enc: this.d.cipher.encryptText(body.acct_cert_no.toUpperCase()),
      cert_no_mask: maskIdNumber(body.acct_cert_no.toUpperCase()),
      mobile_enc: this.d.cipher.encryptText(body.acct_mobile),
      mobile_mask: maskMobile(body.acct_mobile),
      cert_start_date: body.cert_start_date,
      cert_expire_date: body.cert_expire_date,
      bank_code: body.bank_code,
      bank_province: body.bank_province,
      bank_city: body.bank_city,
      bank_branch: body.bank_branch,
      bank_no: body.bank_no,
      prov_code: region.prov_code,
      prov: region.prov,
      city_code: region.city_code,
      city: region.city,
      area_code: region.district_code,
      area: region.district,
      address: body.address,
      step: MERCHANT_ENTRY_STEPS.photos,
      updated_at: now,
    } satisfies Updateable<BankCardsTable>;

    if (merchantId !== undefined) {
      const row = await this.writableCard(writer, merchantId);
      // A rejected card keeps its state and reason until it is resubmitted with its photos.
      const state = row.review_state === 'rejected' ? 'rejected' : 'missingPhotos';
      await this.d.repo.transaction(async (repo, trx) => {
        await repo.updateCard(row.id, { ...values, review_state: state });
        await this.audit(trx, writer, 'edit', row, diffFields(row, values, AUDITED));
      });
      return { merchant_id: String(row.id), step: MERCHANT_ENTRY_STEPS.photos };
    }
    // Read before the transaction: on SQLite a query outside it would wait for it.
    const max = await this.quota(writer.merchantId);
    const id = await this.d.repo.transaction(async (repo, trx) => {
      await repo.lockMerchant(writer.merchantId);
      if ((await repo.countCards(writer.merchantId)) >= max) {
        throw new AppError(RCODE.BANK_CARD_QUOTA_EXCEEDED, { max });
      }
      if (writer.kind === 'share') {
        // Read again under the lock: two tabs of one link make one card.
        const share = await trx
          .selectFrom('bank_card_shares')
          .select('card_id')
          .where('id', '=', writer.share.id)
          .executeTakeFirstOrThrow();
        if (share.card_id !== null) throw new AppError(RCODE.SHARE_LINK_INVALID);
      }
      const cardId = await repo.insertCard({
        ...values,
        merchant_id: writer.merchantId,
        created_by: writer.kind === 'user' ? writer.userId : writer.share.created_by,
        share_id: writer.kind === 'share' ? writer.share.id : null,
        review_state: 'missingPhotos',
        reject_reason: '',
        created_at: now,
      });
      if (writer.kind === 'share') await repo.attachShareCard(writer.share.id, cardId);
      await this.audit(
        trx,
        writer,
        'create',
        { id: cardId, mch_name: values.mch_name },
        diffFields(null, values, AUDITED),
      );
      return cardId;
    });
    return { merchant_id: String(id), step: MERCHANT_ENTRY_STEPS.photos };
  }

  private async submitImages(
    writer: Writer,
    row: BankCardRow,
    body: Record<BankImageField, string>,
  ): Promise<CallResult<typeof api.addBankImg>> {
    const set: Partial<Record<ReturnType<typeof imageColumn>, number>> = {};
    for (const field of BANK_IMAGE_FIELDS) {
      const image = await this.d.repo.findImage(writer.merchantId, body[field]);
      if (!image || !this.mayUse(writer, image, row)) {
        throw AppError.invalid(field, 'imageIdInvalid');
      }
      set[imageColumn(field)] = image.id;
    }
    const now = this.d.clock();
    await this.d.repo.transaction(async (repo, trx) => {
      await repo.updateCard(row.id, {
        ...set,
        step: MERCHANT_ENTRY_STEPS.submitted,
        review_state: 'unreviewed',
        reject_reason: '',
        submitted_at: now,
        updated_at: now,
      });
      await this.audit(trx, writer, 'submit', row, [
        { field: 'review_state', before: row.review_state, after: 'unreviewed' },
      ]);
    });
    return { merchant_id: String(row.id), step: MERCHANT_ENTRY_STEPS.submitted };
  }

  /** An image is usable by who uploaded it, or (already on the card) by anyone who may edit the card. */
  private mayUse(writer: Writer, image: BankCardImageRow, row: BankCardRow): boolean {
    if (imageIdsOf(row).includes(image.id)) return true;
    if (writer.kind === 'share') return image.share_id === writer.share.id;
    return image.share_id === null && (!writer.ownOnly || image.uploaded_by === writer.userId);
  }

  private async fetchMedia(serverId: string): Promise<Uint8Array> {
    const media = await this.d.messaging.downloadMedia(serverId, this.d.maxBytes);
    if (!media) throw new AppError(RCODE.MEDIA_NOT_FOUND);
    if (media === 'too-large') throw new AppError(RCODE.FILE_TOO_LARGE, { max: megabytes(this.d.maxBytes) });
    return media.data;
  }

  private async storeUpload(
    writer: Writer,
    data: Uint8Array | undefined,
    type: BankImageField,
  ): Promise<CallResult<typeof api.uploadImage>> {
    if (!data || data.length === 0) throw new AppError(RCODE.FILE_MISSING);
    if (data.length > this.d.maxBytes)
      throw new AppError(RCODE.FILE_TOO_LARGE, { max: megabytes(this.d.maxBytes) });
    const image = inspectImage(data);
    if (image.kind === 'not-image' || (image.kind === 'image' && image.type === 'image/gif')) {
      throw new AppError(RCODE.IMAGE_TYPE_REFUSED);
    }
    if (image.kind === 'damaged') throw new AppError(RCODE.IMAGE_DAMAGED);
    const file = await this.d.images.put(data);
    const publicId = randomBytes(18).toString('base64url');
    await this.d.repo.insertImage({
      public_id: publicId,
      merchant_id: writer.merchantId,
      kind: type,
      uploaded_by: writer.kind === 'user' ? writer.userId : null,
      share_id: writer.kind === 'share' ? writer.share.id : null,
      file,
      content_type: image.type,
      bytes: data.length,
      created_at: this.d.clock(),
    });
    return { type, image_id: publicId, url: this.imageUrl(publicId) };
  }

  private async readImage(
    merchantId: number,
    imageId: string,
    type: 'bank_z' | 'id_card_z',
    shareId?: number,
  ): Promise<CallResult<typeof api.ocrImage>> {
    const image = await this.d.repo.findImage(merchantId, imageId);
    if (!image || (shareId !== undefined && image.share_id !== shareId)) {
      throw new AppError(RCODE.BANK_IMAGE_NOT_FOUND);
    }
    const data = await this.d.images.read(image.file);
    if (!data) throw new AppError(RCODE.BANK_IMAGE_NOT_FOUND);
    const sandbox = this.d.ocr.sandbox;
    if (type === 'bank_z') {
      const read = await this.d.ocr.readBankCard(data);
      if (!read) throw new AppError(RCODE.OCR_FAILED);
      const bank = issuingBank(read.cardNumber);
      return { sandbox, acct_no: read.cardNumber, ...(bank ? { bank_code: bank } : {}) };
    }
    const read = await this.d.ocr.readIdCard(data);
    if (!read) throw new AppError(RCODE.OCR_FAILED);
    return {
      sandbox,
      ...(read.name ? { acct_name: read.name } : {}),
      ...(read.idNumber ? { acct_cert_no: read.idNumber } : {}),
    };
  }

  private async openShare(creds: ShareCreds): Promise<BankCardShareRow> {
    const share = await this.d.repo.findShareByToken(creds.token);
    const valid =
      share &&
      share.revoked_at === null &&
      share.expires_at > this.d.clock() &&
      safeEqual(share.secret_hash, sha256(creds.secret));
    if (!valid) throw new AppError(RCODE.SHARE_LINK_INVALID);
    return share;
  }

  private async quota(merchantId: number): Promise<number> {
    const apps = await this.d.apps.list(merchantId);
    return appMaxCount(
      apps.find((a) => a.app_module_name === 'Bank'),
      'Bank',
    );
  }

  private async photosOf(row: BankCardRow): Promise<CallResult<typeof api.getImage>> {
    const images = new Map((await this.d.repo.imagesByIds(imageIdsOf(row))).map((i) => [i.id, i]));
    const out = {} as Record<BankImageField, { image_id: string; url: string } | null>;
    for (const field of BANK_IMAGE_FIELDS) {
      const id = row[imageColumn(field)];
      const image = id === null ? undefined : images.get(id);
      out[field] = image ? { image_id: image.public_id, url: this.imageUrl(image.public_id) } : null;
    }
    return { merchant_id: String(row.id), ...out };
  }

  private imageUrl(publicId: string): string {
    const exp = this.d.clock() + IMAGE_URL_VALID_MS;
    return `${IMAGE_PATH}/${publicId}?exp=${exp}&sig=${this.imageSig(publicId, exp)}`;
  }

  private imageSig(publicId: string, exp: number): string {
    return hmac(this.urlKey, `${publicId}.${exp}`);
  }

  private present(row: BankCardRow, locale: Locale, devices: number, userId: number | null): BankCard {
    const bankCode = (isBankCode(row.bank_code) ? row.bank_code : '102') as BankCode;
    return {
      merchant_id: String(row.id),
      mch_name: row.mch_name,
      person: row.acct_name,
      telephone: row.mobile_mask,
      address: row.address,
      prov: row.prov,
      prov_code: row.prov_code,
      city: row.city,
      city_code: row.city_code,
      area: row.area,
      area_code: row.area_code,
      bank_code: bankCode,
      bank: BANK_LABELS[bankCode][locale],
      bank_branch: row.bank_branch,
      bank_province: row.bank_province,
      bank_city: row.bank_city,
      bank_no: row.bank_no,
      acct_name: row.acct_name,
      acct_no: row.acct_no_mask,
      acct_cert_type: ACCT_CERT_TYPE,
      acct_cert_no: row.cert_no_mask,
      cert_start_date: row.cert_start_date,
      cert_expire_date: row.cert_expire_date,
      acct_mobile: row.mobile_mask,
      review_state: asReviewState(row.review_state),
      reject_reason: row.reject_reason,
      step: asStep(row.step),
      images_complete: imageIdsOf(row).length === BANK_IMAGE_FIELDS.length,
      device_count: devices,
      created_by_me: userId !== null && row.created_by === userId,
      source: row.share_id === null ? 'account' : 'share',
      create_time: row.created_at,
      submitted_at: row.submitted_at,
      reviewed_at: row.reviewed_at,
    };
  }
}

function imageColumn(field: BankImageField) {
  return `img_${field}` as const;
}

function imageIdsOf(row: BankCardRow): number[] {
  return BANK_IMAGE_FIELDS.map((f) => row[imageColumn(f)]).filter((id): id is number => id !== null);
}

function payoutDetail(row: BankCardRow): PayoutMerchantDetail {
  return { merchant_id: String(row.id), acct_name: row.acct_name, acct_no_encry: row.acct_no_mask };
}

function asReviewState(value: string): BankReviewState {
  return (BANK_REVIEW_STATES as readonly string[]).includes(value)
    ? (value as BankReviewState)
    : 'unreviewed';
}

function asStep(value: number): -1 | 0 | 2 {
  return value === MERCHANT_ENTRY_STEPS.submitted
    ? MERCHANT_ENTRY_STEPS.submitted
    : value === MERCHANT_ENTRY_STEPS.photos
      ? MERCHANT_ENTRY_STEPS.photos
      : MERCHANT_ENTRY_STEPS.form;
}

/** Where a shared editor resumes (spec §4): no card → the form, saved form → photos, submitted → the end. */
function resumeOf(row: BankCardRow | undefined): 'form' | 'photos' | 'submitted' {
  if (!row || row.step === MERCHANT_ENTRY_STEPS.form) return 'form';
  return row.step === MERCHANT_ENTRY_STEPS.photos ? 'photos' : 'submitted';
}
