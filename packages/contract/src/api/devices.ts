import { z } from 'zod';
import { areaRef, storeRef, zBit, zSwitch } from './fields';
import { defineCall, emptyBody, listResult, pagingFields } from './call';
import { DEVICE_TYPES, DIFFICULTIES, PERMISSIONS } from '../enums';
import {
  DISPENSE_LIMITS,
  SETTING_RANGES,
  TEST_OUT_TIMES_MAX,
  deviceSettings,
  deviceSettingsEdit,
  lampStyle,
  zFault,
  zLampColor,
} from '../device-protocol';
import { ID_MAX, MIN_PRICE_CENTS, SHELF_NUMBER_MAX, TEXT_MAX, WIN_RATE_MAX } from '../constants';
import {
  checkDispenseQuantity,
  checkSlotId,
  isEmptyValue,
  zName,
  zPriceCents,
  zSn,
  zWinRate,
} from '../validation';

/*
 * Devices calls of spec §7: binding, the device list, settings, shelves and remote control.
 * Money is integer cents, times epoch ms. Remote-control calls answer an rcode when the machine does not do it;
 * saves (settings, shelves) always store and report how the push to the machine went in `push`.
 */

// ---------------------------------------------------------------------------------------------------------
// Shared shapes

/** The operator sign from /u/checkOprPwd; absent or a placeholder when the user has no operation password. */
const operSign = z.string().max(200).optional();
const deviceType = z.enum(DEVICE_TYPES, { error: 'invalidValue' });
const wholeNumber = z.number({ error: 'numberInvalid' }).int({ error: 'noDecimals' });
/**
 * A shelf a call names by its number: bounded, so a number past the column's integer is refused as a field and
 * never reaches the database (found by the contract fuzzer: PostgreSQL's "out of range for type integer").
 */
const shelfNumber = wholeNumber.min(1).max(SHELF_NUMBER_MAX);

/** Payout (bank-card) merchant of a device; filled by the bank-card feature. */
export const payoutMerchantDetail = z.object({
  merchant_id: z.string(),
  acct_name: z.string(),
  acct_no_encry: z.string(),
});

export const bankSplitDetail = z.object({
  acct_name: z.string(),
  acct_no_encry: z.string(),
  bank: z.string(),
  bank_split_name: z.string(),
  main_merchant_detail: payoutMerchantDetail.nullable(),
  main_merchant_id: z.string(),
  /** Hundredths of a percent. */
  main_split_percent: z.number().int(),
  pay_channel: z.string(),
  split_merchant: z.array(payoutMerchantDetail.extend({ split_percent: z.number().int() })),
});

/** A device as the list, the cards, the info dialog and the settings dialog show it (spec §3). */
export const device = z.object({
  sn: z.string(),
  clientid: z.string(),
  /** '' when not set: cards show "not set". */
  title: z.string(),
  type: deviceType,
  /** 0 offline, 1 online. */
  alive: zBit,
  /** Last reported modem signal 0..31 (99 unknown). */
  rssi: z.number().int(),
  /** What the info dialog shows as signal: rssi, or 0 when offline. */
  signal: z.number().int(),
  /** When it last went offline (epoch ms); null while never offline since binding. */
  offline_at: z.number().nullable(),
  online_at: z.number().nullable(),
  area_id: z.number().int().nullable(),
  store_id: z.number().int().nullable(),
  area: areaRef.nullable(),
  store: storeRef.nullable(),
  /** Payout merchant (bank card); null when none is set (the filter's 0). */
  merchant_id: z.string().nullable(),
  merchant_detail: payoutMerchantDetail.nullable(),
  is_bank_split: zBit,
  bank_split_id: z.string().nullable(),
  bank_split_detail: bankSplitDetail.nullable(),
  /** App version, main-board version, IMEI, Android version (lucky-bag machines): '' until reported. */
  version: z.string(),
  mversion: z.string(),
  imei: z.string(),
  android_version: z.string(),
  bound_at: z.number().nullable(),
  /** Every setting (device detail of spec §3) with its current value. */
  detail: deviceSettings,
  /** Whether the machine has acknowledged the current settings. */
  settings_synced: z.boolean(),
});
export type Device = z.infer<typeof device>;

/** How pushing a saved change to the machine went; rcode/msg are the catalogue's (0 when acknowledged). */
export const pushOutcome = z.object({
  status: z.enum(['acked', 'offline', 'timeout', 'refused', 'link_down']),
  rcode: z.number().int(),
  msg: z.string(),
});
export type PushOutcome = z.infer<typeof pushOutcome>;

/** A shelf (channel/slot) of spec §3. */
export const channel = z.object({
  id: z.number().int(),
  /** Last fault the machine reported on this shelf: 0 active (normal). */
  status: z.number().int(),
  status_text: z.string(),
  /** Physical slot 1..N. */
  position: z.number().int(),
  /** The shelf's number as people see it (custom shelf numbering). */
  channel_sn: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  game_price: z.number().int(),
  quantity: z.number().int(),
  capacity: z.number().int(),
  /** Win rate, whole percent. */
  probability: z.number().int(),
  difficulty: z.enum(DIFFICULTIES),
  /** 0: disabled, its goods are not sellable. */
  enabled: zBit,
  goods_id: z.number().int().nullable(),
  goods: z.object({ goods_id: z.number().int(), goods_name: z.string(), img: z.string() }).nullable(),
});
export type Channel = z.infer<typeof channel>;

// ---------------------------------------------------------------------------------------------------------
// Binding

const bindField = z
  .string({ error: 'bindFieldsEmpty' })
  .trim()
  .refine((s) => !isEmptyValue(s), { error: 'bindFieldsEmpty' });

/** Binds the machine of a bind link to the caller's merchant (spec §2 /bind). */
export const bindDevice = defineCall({
  path: '/api/v1/d/bind',
  auth: 'session',
  mainOnly: true,
  request: z.object({
    clientid: bindField.pipe(z.string().max(64)),
    title: bindField.pipe(zName).pipe(z.string().max(TEXT_MAX.name, { error: 'invalidValue' })),
    sign: bindField.pipe(z.string().max(128)),
    type: z
      .string({ error: 'bindFieldsEmpty' })
      .trim()
      .min(1, { error: 'bindFieldsEmpty' })
      .max(TEXT_MAX.word)
      .pipe(deviceType),
  }),
  response: z.object({ sn: z.string(), title: z.string(), type: deviceType }),
});

/** Unbinds (spec §4: three confirmations in the app, then this). History stays with the merchant. */
export const unbindDevice = defineCall({
  path: '/api/v1/d/unbind',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sn: zSn, sign: operSign }),
  response: z.object({ sn: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------
// Device list and counts

const optionalId = z.coerce.number().int().positive().max(ID_MAX).optional();

export const getDev = defineCall({
  path: '/api/v1/d/getDev',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: z.object({
    ...pagingFields,
    condition: z
      .object({
        /** Serial-number search: digits only; matches any part of the sn. */
        sn: z.string().trim().regex(/^\d*$/, { error: 'snNumeric' }).max(TEXT_MAX.sn).optional(),
        area: optionalId.or(z.literal('').transform(() => undefined)),
        store: optionalId.or(z.literal('').transform(() => undefined)),
        /** Matches any part of the name. */
        title: z.string().trim().max(TEXT_MAX.name).optional(),
        alive: zSwitch.optional(),
        /** Payout merchant; 0 lists devices without one. */
        merchant_id: z.union([z.string().trim().max(64), z.number().int().max(ID_MAX)]).optional(),
      })
      .default({}),
  }),
  response: listResult(device),
});

export const devOnlineCount = defineCall({
  path: '/api/v1/d/devOnlineCount',
  auth: 'session',
  request: emptyBody,
  response: z.object({ online: z.number().int(), offline: z.number().int(), total: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------------
// Settings

/**
 * Saves settings and pushes them to the machine. Fields left out keep their value; the fixed values may be
 * sent (as the app does) but never changed. area_id/store_id place the device (null: none).
 */
export const editDev = defineCall({
  path: '/api/v1/d/editDev',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: deviceSettingsEdit.extend({
    sn: zSn,
    title: zName.pipe(z.string().max(TEXT_MAX.name, { error: 'invalidValue' })).optional(),
    store_id: z.number().int().positive().max(ID_MAX).nullable().optional(),
  }),
  response: z.object({ device, push: pushOutcome }),
});

// ---------------------------------------------------------------------------------------------------------
// Shelves

const snOnly = z.object({ sn: zSn });

export const getDevChannel = defineCall({
  path: '/api/v1/c/getDevChannel',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: snOnly,
  response: z.object({
    data: z.array(channel),
    count: z.number().int(),
    /** The device, for rules that depend on it (capsule and lattice machines dispense one at a time). */
    device: z.object({
      sn: z.string(),
      title: z.string(),
      type: deviceType,
      alive: zBit,
    }),
  }),
});

/** Shelves a machine may be set to (/d/setChannelNum). */
export const MAX_SHELVES = 200;

const quantityField = wholeNumber.min(0, { error: 'numberInvalid' }).max(9999);

/** Edits one shelf (spec §5 shelf rules) and pushes the shelf configuration to the machine. */
export const setChannelInfo = defineCall({
  path: '/api/v1/c/setChannelInfo',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: z
    .object({
      sn: zSn,
      id: z.number().int().positive().max(ID_MAX),
      name: zName.pipe(z.string().max(TEXT_MAX.name, { error: 'invalidValue' })),
      price: zPriceCents,
      game_price: zPriceCents,
      quantity: quantityField,
      capacity: quantityField,
      probability: zWinRate,
      difficulty: z.enum(DIFFICULTIES).default('normal'),
      enabled: zBit.default(1),
      /** Goods on the shelf; null takes them off. */
      goods_id: z.number().int().positive().max(ID_MAX).nullable(),
    })
    .superRefine((s, ctx) => {
      if (s.quantity > s.capacity) {
        ctx.addIssue({ code: 'custom', message: 'quantityOverCapacity', path: ['quantity'] });
      }
    }),
  response: z.object({ channel, push: pushOutcome }),
});

/** The shelves with their numbers, for the custom numbering screen. */
export const getResetC = defineCall({
  path: '/api/v1/c/getResetC',
  auth: 'session',
  perm: PERMISSIONS.InitChannel,
  request: snOnly,
  response: z.object({
    data: z.array(
      z.object({
        id: z.number().int(),
        position: z.number().int(),
        channel_sn: z.number().int(),
        name: z.string(),
      }),
    ),
    count: z.number().int(),
  }),
});

/** Gives shelves new numbers: none 0, none used twice on the device (spec §5). */
export const resetId = defineCall({
  path: '/api/v1/c/resetId',
  auth: 'session',
  perm: PERMISSIONS.InitChannel,
  request: z.object({
    sn: zSn,
    channel: z
      .array(
        z.object({
          id: z.number().int().positive().max(ID_MAX),
          channel_sn: wholeNumber.min(0).max(SHELF_NUMBER_MAX),
        }),
      )
      .min(1)
      .superRefine((list, ctx) => {
        list.forEach((c, i) => {
          const others = list.filter((_, j) => j !== i).map((o) => o.channel_sn);
          const key = checkSlotId(c.channel_sn, others);
          if (key) ctx.addIssue({ code: 'custom', message: key, path: [i, 'channel_sn'] });
        });
      }),
    sign: operSign,
  }),
  response: z.object({ data: z.array(channel), push: pushOutcome }),
});

/** Sets how many shelves the machine has; new ones are empty, removed ones are the highest slots. */
export const setChannelNum = defineCall({
  path: '/api/v1/d/setChannelNum',
  auth: 'session',
  perm: PERMISSIONS.InitChannel,
  request: z.object({
    sn: zSn,
    channel_num: wholeNumber.min(1, { error: 'invalidValue' }).max(MAX_SHELVES, { error: 'invalidValue' }),
    sign: operSign,
  }),
  response: z.object({ data: z.array(channel), push: pushOutcome }),
});

/** Takes the goods off one shelf or several (by shelf number); all or nothing. */
export const putDownGoods = defineCall({
  path: '/api/v1/c/putDownGoods',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: z.object({
    sn: zSn,
    channel_sn: z.union([shelfNumber, z.array(shelfNumber).min(1).max(999)]),
  }),
  response: z.object({ count: z.number().int(), push: pushOutcome }),
});

/** type 1: fill every shelf holding goods to its capacity; type 0: set every shelf to 0. */
export const setQuantity = defineCall({
  path: '/api/v1/c/setQuantity',
  auth: 'session',
  perm: PERMISSIONS.DeviceManage,
  request: z.object({
    sn: zSn,
    type: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'invalidValue' })),
  }),
  response: z.object({ data: z.array(channel), push: pushOutcome }),
});

// ---------------------------------------------------------------------------------------------------------
// Remote control: the machine's answer is the result; offline, timeout, cool-down and faults are rcodes.

export const dispenseOutcome = z.object({
  channel_sn: z.number().int(),
  quantity: z.number().int(),
  delivered: z.number().int(),
  fault: zFault,
  /** '' when normal. */
  fault_text: z.string(),
});

export const remoteOuting = defineCall({
  path: '/api/v1/d/remoteOuting',
  auth: 'session',
  perm: PERMISSIONS.DeviceControl,
  request: z.object({
    sn: zSn,
    /** Shelves by their number and how many to dispense from each (not 0; capsule and lattice: 1). */
    goods: z
      .array(
        z.object({
          channel_sn: shelfNumber,
          quantity: wholeNumber.min(0).max(DISPENSE_LIMITS.quantity),
        }),
      )
      .min(1)
      .max(DISPENSE_LIMITS.items)
      .superRefine((items, ctx) => {
        items.forEach((item, i) => {
          const key = checkDispenseQuantity(item.quantity, '');
          if (key) ctx.addIssue({ code: 'custom', message: key, path: [i, 'quantity'] });
        });
      }),
    sign: operSign,
  }),
  response: z.object({ order: z.string(), items: z.array(dispenseOutcome) }),
});

export const testOut = defineCall({
  path: '/api/v1/d/testOut',
  auth: 'session',
  perm: PERMISSIONS.DeviceTest,
  request: z.object({
    sn: zSn,
    /** The shelf number to test. */
    road: shelfNumber,
    /** How many times to run the motor (default once). */
    attach: z.object({ times: wholeNumber.min(1).max(TEST_OUT_TIMES_MAX).default(1) }).default({ times: 1 }),
    sign: operSign,
  }),
  response: z.object({ channel_sn: z.number().int(), fault: zFault, fault_text: z.string() }),
});

/**
 * dev: 'dev' the machine, 'dtu' its network module; motion on/off/reboot.
 * dev 'all' with motion 'setting' refreshes: the machine gets every setting and shelf again.
 */
export const power = defineCall({
  path: '/api/v1/d/power',
  auth: 'session',
  perm: PERMISSIONS.DeviceControl,
  request: z
    .object({
      sn: zSn,
      dev: z.enum(['dev', 'dtu', 'all'], { error: 'invalidValue' }),
      motion: z.enum(['on', 'off', 'reboot', 'setting'], { error: 'invalidValue' }),
      sign: operSign,
    })
    .superRefine((p, ctx) => {
      if ((p.dev === 'all') !== (p.motion === 'setting')) {
        ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['motion'] });
      }
    }),
  response: z.object({ sn: z.string(), dev: z.string(), motion: z.string() }),
});

/** Lamp on or off now; attach sets colour, brightness and style, which are kept as the device's settings. */
export const switchLED = defineCall({
  path: '/api/v1/d/switchLED',
  auth: 'session',
  perm: PERMISSIONS.DeviceControl,
  request: z.object({
    sn: zSn,
    setting: z.enum(['on', 'off'], { error: 'invalidValue' }),
    attach: z
      .object({
        color: zLampColor.optional(),
        brightness: z
          .number()
          .int()
          .min(SETTING_RANGES.lamp_brightness[0])
          .max(SETTING_RANGES.lamp_brightness[1])
          .optional(),
        style: lampStyle.optional(),
      })
      .default({}),
    sign: operSign,
  }),
  response: z.object({ lamp_ctrl: zBit, lamp_color: z.string() }),
});

/** Asks the machine's shop app whether it is alive; answers its round trip. */
export const onlineShopAlive = defineCall({
  path: '/api/v1/d/onlineShopAlive',
  auth: 'session',
  perm: PERMISSIONS.DeviceControl,
  request: snOnly,
  response: z.object({ alive: z.literal(true), latency_ms: z.number().int(), version: z.string() }),
});

/** Limits the app shows next to shelf inputs (spec §5, §9). */
export const SHELF_LIMITS = {
  minPriceCents: MIN_PRICE_CENTS,
  winRateMax: WIN_RATE_MAX,
  maxShelves: MAX_SHELVES,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Messaging-app JS-SDK (the bind-code scanner of /deviceBindEnter)

/** wx.config for the page at url (its #fragment is ignored); sandbox tells the app to label the scanner. */
export const getMJssdkConfig = defineCall({
  path: '/api/v1/p/getMJssdkConfig',
  auth: 'session',
  request: z.object({
    url: z
      .string({ error: 'required' })
      .trim()
      .max(2000)
      .regex(/^https?:\/\/\S+$/, { error: 'urlInvalid' }),
  }),
  response: z.object({
    appId: z.string(),
    timestamp: z.number().int(),
    nonceStr: z.string(),
    signature: z.string(),
    jsApiList: z.array(z.string()),
    sandbox: z.boolean(),
  }),
});
