import { z } from 'zod';
import { defineCall, emptyBody, emptyResult, listResult } from './call';
import { zFilterSwitch, zFilterText, pagedRequest, zText } from './fields';
import { uploadedFile } from './catalog';
import { ID_MAX, PAGE_SIZE, TEXT_MAX } from '../constants';
import type { LocaleText } from '../locales';
import {
  BANK_CODES,
  BANK_REVIEW_STATES,
  CERT_TYPES,
  MERCHANT_ENTRY_STEPS,
  PERMISSIONS,
  type MerchantEntryStep,
} from '../enums';
import { checkIdValidity, required, zCardNumber, zIdNumber, zMobile, zRules } from '../validation';

/*
 * Payout bank cards (spec §2 /bankCard and /shareAddBank, §3 bank card / merchant, merchant entry form, image
 * form, §4 review and entry steps, §5 merchant form, §6 1029, §7 bank and funds). A card is a "merchant entry":
 * step 1 the form (/k/addBank), step 2 six photos (/k/addBankImg), then review. Only approved cards can be the
 * payout account of machines (/k/bindDevices).
 *
 * Who: the main account, or staff holding 1029 (BankManage); staff whose bank scope is "only own" see and touch
 * only the cards they added (and the ones filled through their share links).
 *
 * Personal data (card number, ID number, holder phone) is answered masked; only the main account's detail call
 * with a valid operation-password sign answers it in clear (`revealed: true`).
 *
 * The shared invitation (/shareAddBank?token=..&secret=..) has no account: its calls are public (/p/v1/b/...)
 * and carry the invitation's token and secret in the body. A link makes at most one card, expires after
 * SHARE_LINK_VALID_MS and can be revoked.
 *
 * The spec's "all seven image fields" are the seven fields of the image form: merchant_id and the six photos
 * (hold_id_card, id_card_z, id_card_f, bank_z, bank_f, mendian). All seven must be filled.
 */

// ---------------------------------------------------------------------------------------------------------
// Limits

/** A share link stays usable this long after it is made: 7 days. */
export const SHARE_LINK_VALID_MS = 7 * 24 * 3_600_000;
/** Live (not expired, not revoked, not yet used) share links per merchant. */
export const SHARE_LINKS_MAX = 20;
/** A signed image URL (getImage, uploads) works this long: 10 minutes. */
export const IMAGE_URL_VALID_MS = 10 * 60_000;
/** The branch number (CNAPS, 联行号). */
export const BANK_NO_LENGTH = 12;

// ---------------------------------------------------------------------------------------------------------
// Fields

/** merchant_id of a card: a decimal id as text (a number is accepted too). Devices carry the same text. */
export const zMerchantId = z
  .union([z.string().trim().max(TEXT_MAX.code), z.number().int().max(ID_MAX)], { error: 'required' })
  .transform((v) => String(v))
  .refine((v) => /^[1-9]\d{0,15}$/.test(v), { error: 'invalidValue' });

/** The six photos of the image form, in the order the editor shows them. */
export const BANK_IMAGE_FIELDS = [
  'bank_z',
  'bank_f',
  'id_card_z',
  'id_card_f',
  'hold_id_card',
  'mendian',
] as const;
export type BankImageField = (typeof BANK_IMAGE_FIELDS)[number];
export const BANK_IMAGE_LABELS: Record<BankImageField, LocaleText> = {
  bank_z: { 'zh-CN': '银行卡正面', 'zh-TW': '銀行卡正面', 'en-US': 'Bank card front' },
  bank_f: { 'zh-CN': '银行卡反面', 'zh-TW': '銀行卡反面', 'en-US': 'Bank card back' },
  id_card_z: { 'zh-CN': '身份证人像面', 'zh-TW': '身分證人像面', 'en-US': 'ID card front' },
  id_card_f: { 'zh-CN': '身份证国徽面', 'zh-TW': '身分證國徽面', 'en-US': 'ID card back' },
  hold_id_card: { 'zh-CN': '手持身份证', 'zh-TW': '手持身分證', 'en-US': 'Holding the ID card' },
  mendian: { 'zh-CN': '机器照片', 'zh-TW': '機器照片', 'en-US': 'Machine photo' },
};
/** Photos the OCR reads: the card front pre-fills the card number, the ID front the holder and ID number. */
export const OCR_IMAGE_FIELDS = ['bank_z', 'id_card_z'] as const satisfies readonly BankImageField[];

/** An uploaded private image: an opaque id the upload answered. */
export const zImageId = z
  .string({ error: 'required' })
  .trim()
  .max(64)
  .refine((v) => v === '' || /^[A-Za-z0-9_-]{8,64}$/.test(v), { error: 'imageIdInvalid' });

const zImageField = z.enum(BANK_IMAGE_FIELDS, { error: 'invalidValue' });

/** 'YYYY-MM-DD' (the picker's years 2000 to 20 years ahead). */
const zCertDate = zRules(required)
  .pipe(z.string().max(10))
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { error: 'validityInvalid' });

/** Official division code: 6 digits (GB/T 2260), 9 for the towns of cities without districts. */
const zRegionCode = zRules(required)
  .pipe(z.string().max(9))
  .refine((v) => /^(\d{6}|\d{9})$/.test(v), { error: 'invalidValue' });

/** One of the 15 banks of §9 by code; older clients send the code as a number. */
const zBankCode = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.enum(BANK_CODES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalidValue'),
  }),
);

const zBankRegionCode = zRules(required)
  .pipe(z.string().max(6))
  .refine((v) => /^\d{6}$/.test(v), { error: 'invalidValue' });

const zRequiredText = (max: number) => zRules(required).pipe(z.string().max(max, { error: 'invalidValue' }));

/**
 * The merchant data form (step 1), spec §3 merchant entry form and §5 merchant form. Empty fields answer
 * "<label> cannot be empty" (BANK_CARD_FIELD_LABELS). Rules the schema cannot hold, checked by the server:
 * the ID validity not already past (merchant's zone), the card's issuing bank matching bank_code
 * (BANK_UNSUPPORTED), the region codes existing.
 */
export const merchantFormFields = {
  /** Holder (acct_name; also the person of the entry). */
  acct_name: zRequiredText(TEXT_MAX.name),
  /** Only the ID card is entered here; the other types answer certContactSupport. */
  cert_type: z
    .enum(CERT_TYPES, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 'idCard'),
  /** ID number: 18 characters with the GB 11643 check character. */
  acct_cert_no: zIdNumber,
  cert_start_date: zCertDate,
  cert_expire_date: zCertDate,
  bank_code: zBankCode,
  /** Bank region: the 6-digit codes of province and city, as /p/v1/b/getBankNo takes them. */
  bank_province: zBankRegionCode,
  bank_city: zBankRegionCode,
  /** Branch name as picked from the branch list. */
  bank_branch: zRequiredText(TEXT_MAX.longName),
  /** The branch's CNAPS number from the list ('' when the list had none). */
  bank_no: z
    .string({ error: 'bankNoInvalid' })
    .trim()
    .max(BANK_NO_LENGTH, { error: 'bankNoInvalid' })
    .refine((v) => v === '' || new RegExp(`^\\d{${BANK_NO_LENGTH}}$`).test(v), { error: 'bankNoInvalid' })
    .nullish()
    .transform((v) => v ?? ''),
  /** Card number; spaces are dropped. */
  acct_no: zCardNumber,
  /** Holder phone (mainland mobile). */
  acct_mobile: zMobile,
  /** Store region (spec: "region"): province, city and district codes; the server fills in the names. */
  prov_code: zRegionCode,
  city_code: zRegionCode,
  area_code: zRegionCode,
  /** Store address, exact to street and number (or review fails). */
  address: zRequiredText(TEXT_MAX.address),
  /** Merchant (store) name shown in lists; the holder's name when left out. */
  mch_name: zText(TEXT_MAX.longName),
};

interface FormDates {
  cert_type: string;
  cert_start_date: string;
  cert_expire_date: string;
}

/** Cross-field rules of the form: certificate type, then the validity tiers (not the "already past" part). */
function formComplete(v: FormDates, ctx: z.RefinementCtx): void {
  if (v.cert_type !== 'idCard') {
    ctx.addIssue({ code: 'custom', message: 'certContactSupport', path: ['cert_type'] });
  }
  // now = 0: whether the period is already past depends on the server's clock and zone; the server checks it.
  const key = checkIdValidity(v.cert_start_date, v.cert_expire_date, 0);
  if (key) ctx.addIssue({ code: 'custom', message: key, path: ['cert_expire_date'] });
}

export const merchantForm = z.object(merchantFormFields).superRefine(formComplete);

/** A photo of the image form: missing counts as empty, so that the form answers the one image tip. */
const zImageSlot = zImageId.nullish().transform((v) => v ?? '');

/** The image form (spec §3): merchant_id and the six photos, each an image_id from an upload. */
const imageFormFields = Object.fromEntries(BANK_IMAGE_FIELDS.map((f) => [f, zImageSlot])) as Record<
  BankImageField,
  typeof zImageSlot
>;

function imagesComplete(v: Record<BankImageField, string>, ctx: z.RefinementCtx): void {
  const missing = BANK_IMAGE_FIELDS.find((f) => v[f] === '');
  if (missing) ctx.addIssue({ code: 'custom', message: 'imagesIncomplete', path: [missing] });
}

/** The invitation's credentials, from the /shareAddBank query. */
const shareCredentials = {
  token: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(TEXT_MAX.token),
  secret: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(TEXT_MAX.token),
};

// ---------------------------------------------------------------------------------------------------------
// Answers

/** Steps as stored (spec §4): -1 the form, 0 the photos, 2 submitted. */
export const zEntryStep = z.union([
  z.literal(MERCHANT_ENTRY_STEPS.form),
  z.literal(MERCHANT_ENTRY_STEPS.photos),
  z.literal(MERCHANT_ENTRY_STEPS.submitted),
]);

/** A card as the list and the detail show it (spec §3 bank card / merchant). */
export const bankCard = z.object({
  merchant_id: z.string(),
  mch_name: z.string(),
  /** The holder. */
  person: z.string(),
  /** The holder phone, masked ('138****5678') unless revealed. */
  telephone: z.string(),
  address: z.string(),
  prov: z.string(),
  prov_code: z.string(),
  city: z.string(),
  city_code: z.string(),
  area: z.string(),
  area_code: z.string(),
  bank_code: z.enum(BANK_CODES),
  /** The bank's name in the caller's language. */
  bank: z.string(),
  bank_branch: z.string(),
  bank_province: z.string(),
  bank_city: z.string(),
  bank_no: z.string(),
  acct_name: z.string(),
  /** Card number, masked ('6222 **** **** 3445') unless revealed. */
  acct_no: z.string(),
  /** Always '01' (ID card). */
  acct_cert_type: z.string(),
  /** ID number, masked ('110***********123X') unless revealed. */
  acct_cert_no: z.string(),
  cert_start_date: z.string(),
  cert_expire_date: z.string(),
  /** Same as telephone. */
  acct_mobile: z.string(),
  review_state: z.enum(BANK_REVIEW_STATES),
  /** The reviewer's reason when not approved; '' otherwise. */
  reject_reason: z.string(),
  /** Stored entry step: -1 form, 0 photos, 2 submitted. */
  step: zEntryStep,
  /** All six photos uploaded. */
  images_complete: z.boolean(),
  /** Machines whose payout account this card is. */
  device_count: z.number().int(),
  /** The caller added it (or it came through their share link). */
  created_by_me: z.boolean(),
  /** 'account' when added on /bankCard, 'share' when filled through a share link. */
  source: z.enum(['account', 'share']),
  create_time: z.number(),
  /** When it was last submitted for review; null before. */
  submitted_at: z.number().nullable(),
  reviewed_at: z.number().nullable(),
});
export type BankCard = z.infer<typeof bankCard>;

/** One photo of a card: its image_id (to send again with addBankImg) and a signed URL valid IMAGE_URL_VALID_MS. */
export const bankImage = z.object({ image_id: z.string(), url: z.string() });
export const bankImages = z.object(
  Object.fromEntries(BANK_IMAGE_FIELDS.map((f) => [f, bankImage.nullable()])) as Record<
    BankImageField,
    z.ZodNullable<typeof bankImage>
  >,
);

/** After step 1 or 2: the card and where the editor goes next. */
export const entryProgress = z.object({ merchant_id: z.string(), step: zEntryStep });

/** Where a (shared) editor resumes: the form, the photos (with merchant_id) or the success page. */
export const zResume = z.enum(
  Object.keys(MERCHANT_ENTRY_STEPS) as [MerchantEntryStep, ...MerchantEntryStep[]],
);

/** What an OCR read of a photo pre-fills; fields it could not read are absent. */
export const ocrResult = z.object({
  /** The OCR provider is the sandbox (the screen labels the result "sandbox"). */
  sandbox: z.boolean(),
  acct_no: z.string().optional(),
  bank_code: z.enum(BANK_CODES).optional(),
  acct_name: z.string().optional(),
  acct_cert_no: z.string().optional(),
});

export const uploadedBankImage = z.object({ type: zImageField, image_id: z.string(), url: z.string() });

// ---------------------------------------------------------------------------------------------------------
// Calls of /bankCard (session, 1029)

const bank = { auth: 'session', perm: PERMISSIONS.BankManage } as const;

/** Cards of the merchant (staff "only own": theirs), newest first; page 1, size 6 by default. */
export const getMerchant = defineCall({
  path: '/api/v1/k/getMerchant',
  ...bank,
  request: pagedRequest(
    {
      /** Holder, merchant name or the card's last digits. */
      keyword: zFilterText,
      review_state: z
        .enum(BANK_REVIEW_STATES, { error: 'invalidValue' })
        .or(z.literal(''))
        .nullish()
        .transform((v) => v || undefined),
      /** Only approved cards (the payout-account pickers). */
      approved: zFilterSwitch,
    },
    PAGE_SIZE.merchant,
  ),
  response: listResult(bankCard),
});

/**
 * One card. With `sign` (from /u/checkOprPwd) the main account gets card number, ID number and phone in clear
 * (`revealed: true`); everyone else, and the main account without a valid sign, gets them masked. A main account
 * without an active operation password is not shown them in clear (OPER_PWD_NOT_SET).
 */
export const getBank = defineCall({
  path: '/api/v1/k/getBank',
  ...bank,
  request: z.object({ merchant_id: zMerchantId, sign: z.string().max(TEXT_MAX.token).optional() }),
  response: bankCard.extend({ revealed: z.boolean() }),
});

/** The card's photos (null where none is uploaded yet), as signed URLs served only to this merchant. */
export const getImage = defineCall({
  path: '/api/v1/k/getImage',
  ...bank,
  request: z.object({ merchant_id: zMerchantId }),
  response: bankImages.extend({ merchant_id: z.string() }),
});

/** Deletes a card; refused with the count while machines are bound to it (BANK_CARD_IN_USE). */
export const delMerchant = defineCall({
  path: '/api/v1/k/delMerchant',
  ...bank,
  request: z.object({ merchant_id: zMerchantId }),
  response: emptyResult,
});

/**
 * Step 1: creates a card (no merchant_id; within the quota bank_max_count of the Bank app) or corrects one
 * (merchant_id: a card not yet approved and not under review). Answers step 0: the photos come next.
 */
export const addBank = defineCall({
  path: '/api/v1/k/addBank',
  ...bank,
  request: z.object({ ...merchantFormFields, merchant_id: zMerchantId.optional() }).superRefine(formComplete),
  response: entryProgress,
});

/** Step 2: the image form; every field filled (imagesIncomplete). Submits the card for review: step 2. */
export const addBankImg = defineCall({
  path: '/api/v1/k/addBankImg',
  ...bank,
  request: z.object({ merchant_id: zMerchantId, ...imageFormFields }).superRefine(imagesComplete),
  response: entryProgress,
});

/**
 * Home's bank-card banner and alerts (spec §2 home): whether there is an approved card, the cards by state and
 * the merchant's machines without a payout card (a staff member limited to stores: the machines in them; one whose
 * cards are "only items I added": their cards, own_only). "Add a bank card" while approved = 0; "bind machines to a
 * card" while unbound_devices > 0; both gone when approved > 0 and unbound_devices = 0.
 */
export const isBindBank = defineCall({
  path: '/api/v1/k/isBindBank',
  ...bank,
  request: emptyBody,
  response: z.object({
    has_approved: z.boolean(),
    cards: z.number().int(),
    approved: z.number().int(),
    /** Submitted, waiting or under review. */
    reviewing: z.number().int(),
    rejected: z.number().int(),
    /** Saved but not submitted (photos missing). */
    incomplete: z.number().int(),
    devices: z.number().int(),
    unbound_devices: z.number().int(),
    /**
     * true for staff whose bank cards are "only items I added": the card counts above are theirs (their list's),
     * not the merchant's. Left out or false: the merchant's.
     */
    own_only: z.boolean().optional(),
  }),
});

/**
 * A photo chosen in the messaging-app browser through its JS-SDK (wx.uploadImage → server_id), fetched from the
 * media server and stored privately (never under /uploads). `type` is the image-form field it is for.
 */
export const uploadWxImage = defineCall({
  path: '/api/v1/k/uploadWxImage',
  ...bank,
  request: z.object({
    type: zImageField,
    server_id: zRules(required).pipe(z.string().max(256, { error: 'invalidValue' })),
  }),
  response: uploadedBankImage,
});

/**
 * A plain upload (outside the messaging app): multipart/form-data with one part `file` (JPEG, PNG or WebP,
 * checked by its bytes) and a text part `type` (also accepted as ?type= in the query).
 */
export const uploadImage = defineCall({
  path: '/api/v1/k/uploadImage',
  ...bank,
  request: z.object({ file: uploadedFile.optional(), type: zImageField }),
  response: uploadedBankImage,
});

/**
 * Reads an uploaded card front (bank_z) or ID front (id_card_z) to pre-fill the form. Sandbox provider unless
 * one is configured (answered in `sandbox`). OCR_FAILED ("OCR fail, enter manually") when nothing is read.
 */
export const ocrImage = defineCall({
  path: '/api/v1/k/ocrImage',
  ...bank,
  request: z.object({ image_id: zImageId, type: z.enum(OCR_IMAGE_FIELDS, { error: 'invalidValue' }) }),
  response: ocrResult,
});

/**
 * Sets one or many machines' payout account to an approved card (BANK_CARD_NOT_APPROVED otherwise). Staff whose
 * cards are "only own" move machines only off no card or off their own (MACHINE_ON_OTHERS_CARD otherwise); the
 * same holds for unbindDevices.
 */
export const bindDevices = defineCall({
  path: '/api/v1/k/bindDevices',
  ...bank,
  request: z.object({
    merchant_id: zMerchantId,
    sns: z
      .array(z.string().trim().min(1).max(TEXT_MAX.sn), { error: 'required' })
      .min(1, { error: 'required' })
      .max(999),
  }),
  response: z.object({ bound: z.number().int() }),
});

/** Clears machines' payout account (they fall back to manual transfer). */
export const unbindDevices = defineCall({
  path: '/api/v1/k/unbindDevices',
  ...bank,
  request: z.object({
    sns: z
      .array(z.string().trim().min(1).max(TEXT_MAX.sn), { error: 'required' })
      .min(1, { error: 'required' })
      .max(999),
  }),
  response: z.object({ unbound: z.number().int() }),
});

/**
 * The device list's merchant filter and the device card's "payout card" picker (spec §2: first 3, then more,
 * plus "not set"): the merchant's approved cards, masked. Needs device management (1023), not 1029.
 */
export const getMerchantOptions = defineCall({
  path: '/api/v1/k/getMerchantOptions',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: emptyBody,
  response: listResult(
    z.object({ merchant_id: z.string(), acct_name: z.string(), acct_no_encry: z.string() }),
  ),
});

// ---------------------------------------------------------------------------------------------------------
// Share links

export const shareLink = z.object({
  share_id: z.number().int(),
  /** /shareAddBank?token=..&secret=.. on the public origin. */
  url: z.string(),
  expire_at: z.number(),
  /** The card filled through it, once step 1 is done. */
  merchant_id: z.string().nullable(),
  revoked: z.boolean(),
  create_time: z.number(),
});

/**
 * A new invitation link (and its QR code as an SVG data URL). The secret is shown only here; the server keeps a
 * hash. QR_CREATE_FAILED when the code cannot be drawn; SHARE_LINK_LIMIT past SHARE_LINKS_MAX live links.
 */
export const getShareUrl = defineCall({
  path: '/api/v1/b/getShareUrl',
  ...bank,
  request: emptyBody,
  response: z.object({
    share_id: z.number().int(),
    url: z.string(),
    qr: z.string(),
    expire_at: z.number(),
  }),
});

/** Links made by the merchant (staff "only own": theirs), newest first; the url holds no secret. */
export const getShareList = defineCall({
  path: '/api/v1/k/getShareList',
  ...bank,
  request: pagedRequest({}, PAGE_SIZE.merchant),
  response: listResult(shareLink.omit({ url: true })),
});

/** Revokes a link: it stops working at once; a card already filled through it stays. */
export const revokeShareUrl = defineCall({
  path: '/api/v1/k/revokeShareUrl',
  ...bank,
  request: z.object({
    share_id: z
      .number({ error: 'required' })
      .int()
      .positive({ error: 'invalidValue' })
      .max(ID_MAX, { error: 'invalidValue' }),
  }),
  response: emptyResult,
});

// ---------------------------------------------------------------------------------------------------------
// The shared editor (public: the invitation's token and secret). SHARE_LINK_INVALID when the link expired,
// was revoked or does not exist.

/**
 * What the invitation holds: the inviting merchant's name, the expiry, the card filled so far (masked) with its
 * photos, and where the editor resumes.
 */
export const getBankInfoRecord = defineCall({
  path: '/p/v1/b/getBankInfoRecord',
  auth: 'public',
  request: z.object(shareCredentials),
  response: z.object({
    inviter: z.string(),
    expire_at: z.number(),
    resume: zResume,
    record: bankCard.nullable(),
    images: bankImages.nullable(),
  }),
});

/** Step 1 through the invitation: creates its card, or corrects it while not approved nor under review. */
export const addBankInfoForShare = defineCall({
  path: '/p/v1/b/addBankInfoForShare',
  auth: 'public',
  request: z.object({ ...shareCredentials, ...merchantFormFields }).superRefine(formComplete),
  response: entryProgress,
});

/** Step 2 through the invitation (the image form of its card). */
export const addBankImgForShare = defineCall({
  path: '/p/v1/b/addBankImgForShare',
  auth: 'public',
  request: z.object({ ...shareCredentials, ...imageFormFields }).superRefine(imagesComplete),
  response: entryProgress,
});

/** uploadWxImage through the invitation. */
export const uploadWxImageForShare = defineCall({
  path: '/p/v1/b/uploadWxImageForShare',
  auth: 'public',
  request: z.object({
    ...shareCredentials,
    type: zImageField,
    server_id: zRules(required).pipe(z.string().max(256, { error: 'invalidValue' })),
  }),
  response: uploadedBankImage,
});

/** uploadImage through the invitation: multipart parts `file`, `type`, `token`, `secret`. */
export const uploadImageForShare = defineCall({
  path: '/p/v1/b/uploadImageForShare',
  auth: 'public',
  request: z.object({ ...shareCredentials, file: uploadedFile.optional(), type: zImageField }),
  response: uploadedBankImage,
});

/** ocrImage through the invitation. */
export const ocrImageForShare = defineCall({
  path: '/p/v1/b/ocrImageForShare',
  auth: 'public',
  request: z.object({
    ...shareCredentials,
    image_id: zImageId,
    type: z.enum(OCR_IMAGE_FIELDS, { error: 'invalidValue' }),
  }),
  response: ocrResult,
});

// ---------------------------------------------------------------------------------------------------------
// Labels

/** How the form names its fields: "<label> cannot be empty" on the screen and in the server's answers. */
export const BANK_CARD_FIELD_LABELS: Record<string, LocaleText> = {
  merchant_id: { 'zh-CN': '商户编号', 'zh-TW': '商戶編號', 'en-US': 'Merchant ID' },
  mch_name: { 'zh-CN': '商户名称', 'zh-TW': '商戶名稱', 'en-US': 'Merchant name' },
  acct_name: { 'zh-CN': '持卡人', 'zh-TW': '持卡人', 'en-US': 'Holder' },
  cert_type: { 'zh-CN': '证件类型', 'zh-TW': '證件類型', 'en-US': 'Certificate type' },
  acct_cert_no: { 'zh-CN': '身份证号', 'zh-TW': '身分證號', 'en-US': 'ID number' },
  cert_start_date: { 'zh-CN': '证件有效期开始', 'zh-TW': '證件有效期開始', 'en-US': 'ID valid from' },
  cert_expire_date: { 'zh-CN': '证件有效期结束', 'zh-TW': '證件有效期結束', 'en-US': 'ID valid until' },
  bank_code: { 'zh-CN': '开户银行', 'zh-TW': '開戶銀行', 'en-US': 'Bank' },
  bank_province: { 'zh-CN': '开户行地区', 'zh-TW': '開戶行地區', 'en-US': 'Bank region' },
  bank_city: { 'zh-CN': '开户行城市', 'zh-TW': '開戶行城市', 'en-US': 'Bank city' },
  bank_branch: { 'zh-CN': '开户支行', 'zh-TW': '開戶支行', 'en-US': 'Branch' },
  bank_no: { 'zh-CN': '联行号', 'zh-TW': '聯行號', 'en-US': 'Branch number' },
  acct_no: { 'zh-CN': '银行卡号', 'zh-TW': '銀行卡號', 'en-US': 'Card number' },
  acct_mobile: { 'zh-CN': '持卡人手机号', 'zh-TW': '持卡人手機號', 'en-US': 'Holder phone' },
  prov_code: { 'zh-CN': '门店地区', 'zh-TW': '門店地區', 'en-US': 'Store region' },
  city_code: { 'zh-CN': '门店城市', 'zh-TW': '門店城市', 'en-US': 'Store city' },
  area_code: { 'zh-CN': '门店区县', 'zh-TW': '門店區縣', 'en-US': 'Store district' },
  address: { 'zh-CN': '门店地址', 'zh-TW': '門店地址', 'en-US': 'Store address' },
  sns: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machines' },
  share_id: { 'zh-CN': '分享链接', 'zh-TW': '分享連結', 'en-US': 'Share link' },
  image_id: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Image' },
  server_id: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Image' },
  file: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Image' },
  type: { 'zh-CN': '图片类型', 'zh-TW': '圖片類型', 'en-US': 'Image type' },
  token: { 'zh-CN': '分享链接', 'zh-TW': '分享連結', 'en-US': 'Share link' },
  secret: { 'zh-CN': '分享链接', 'zh-TW': '分享連結', 'en-US': 'Share link' },
  ...BANK_IMAGE_LABELS,
};

/** Every bank-card call, for registering the labels and for tests. */
export const BANK_CARD_CALL_PATHS = [
  getMerchant,
  getBank,
  getImage,
  delMerchant,
  addBank,
  addBankImg,
  isBindBank,
  uploadWxImage,
  uploadImage,
  ocrImage,
  bindDevices,
  unbindDevices,
  getMerchantOptions,
  getShareUrl,
  getShareList,
  revokeShareUrl,
  getBankInfoRecord,
  addBankInfoForShare,
  addBankImgForShare,
  uploadWxImageForShare,
  uploadImageForShare,
  ocrImageForShare,
].map((c) => c.path);
