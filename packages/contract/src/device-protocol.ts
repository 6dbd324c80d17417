import { z } from 'zod';
import { zBit } from './api/fields';
import { GAME_BLACKLIST_DAYS, INT4_MAX, MIN_PRICE_CENTS, WIN_RATE_MAX } from './constants';
import { DIFFICULTIES, PAYMENTS } from './enums';

/*
 * The MQTT protocol between machines and the gateway (docs/device-protocol.md explains it in prose).
 * Every message is a JSON object with `v` (the protocol version); each topic carries exactly one message kind,
 * and each kind has its schema here, so the gateway, the simulator and tests parse the same shapes.
 *
 * MQTT 3.1.1, clean sessions, username = sn, password = device secret.
 */

export const PROTOCOL_VERSION = 1;
const v = z.literal(PROTOCOL_VERSION);

/** Topics live under this prefix unless a deployment (or a test run) chooses another. */
export const DEFAULT_TOPIC_PREFIX = 'vendo';

// ---------------------------------------------------------------------------------------------------------
// Bounds

/**
 * The largest MQTT packet (fixed header included) a machine may send: every message a machine sends fits in a
 * few kilobytes. The embedded broker closes the connection of a client announcing a bigger packet as soon as
 * its header arrives, before buffering it; the gateway's link to an external broker asks it (MQTT 5 maximum
 * packet size) never to forward a bigger one.
 */
export const MAX_PACKET_BYTES = 65_536;
/**
 * Machines must accept packets up to this size from the broker: the largest command, a shelf_config of 999
 * shelves with 100-character names, is about 490 KB.
 */
export const MACHINE_RECEIVE_MAX_BYTES = 1_048_576;
/**
 * The most money one machine event may report, in cents (100,000 yuan): far above any sale of up to 20 items,
 * and small enough that sums and income shares computed from it stay exact. A larger amount is refused.
 */
export const MAX_AMOUNT_CENTS = 10_000_000;
/** One sale or dispense: at most `items` shelves, each handing out at most `quantity` items. */
export const DISPENSE_LIMITS = { items: 20, quantity: 99 } as const;
/** A motor test runs at most this many times. */
export const TEST_OUT_TIMES_MAX = 5;
/** Revisions, uptimes and other counters a machine reports back. */
const zCounter = z.number().int().min(0).max(2_147_483_647);
/** A machine clock (epoch ms): before 2100-01-01, so no stored time is absurd. */
const zEpochMs = z.number().int().min(0).max(4_102_444_800_000);
const zAmount = z.number().int().min(0).max(MAX_AMOUNT_CENTS);

/**
 * A machine reports at least this often (its status report); the gateway treats a machine it has not heard
 * from for SILENT_AFTER_MS as possibly gone and pings it, and marks it offline when it does not answer. This is
 * how presence follows a machine whose connection died without its will reaching the server (an external broker
 * does not tell the gateway about connections).
 */
export const REPORT_INTERVAL_MAX_MS = 60_000;
export const SILENT_AFTER_MS = 3 * REPORT_INTERVAL_MAX_MS;

/** A machine's serial number: digits only (spec §5). */
export const zDeviceSn = z.string().regex(/^\d{1,20}$/);
/** Ids chosen by machines or by the server: short, printable, safe inside a topic level. */
export const zMessageId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

// ---------------------------------------------------------------------------------------------------------
// Topics

/** The per-machine topics; `sn` is the machine's serial number, `gateway` a gateway instance id. */
export function deviceTopics(prefix: string, sn: string) {
  const base = `${prefix}/d/${sn}`;
  return {
    /** machine → server, retained, QoS 1: presence (the will message is the offline form). */
    status: `${base}/status`,
    /** machine → server, QoS 0: signal, versions, IMEI; periodically and after each connect. */
    report: `${base}/report`,
    /** machine → server, QoS 1: deliveries, cash sales, game results; resent until acknowledged. */
    event: `${base}/event`,
    /** machine → server, QoS 1: the answer to a command, on the reply topic the command named. */
    ack: (gateway: string) => `${base}/ack/${gateway}`,
    /** server → machine, QoS 1: commands. */
    command: `${base}/cmd`,
    /** server → machine, QoS 1: events stored (sent only after the database commit). */
    eventAck: `${base}/event-ack`,
  };
}

/** Subscription filters the gateway uses (shared subscriptions are added by the broker link). */
export function gatewayFilters(prefix: string, gateway: string) {
  return {
    status: `${prefix}/d/+/status`,
    report: `${prefix}/d/+/report`,
    event: `${prefix}/d/+/event`,
    ack: `${prefix}/d/+/ack/${gateway}`,
  };
}

export type MachineTopicKind = 'status' | 'report' | 'event' | 'ack';

/** Splits a topic a machine published on into its sn and kind; null for any other topic. */
export function parseMachineTopic(
  prefix: string,
  topic: string,
): { sn: string; kind: MachineTopicKind; gateway?: string } | null {
  if (!topic.startsWith(`${prefix}/d/`)) return null;
  const parts = topic.slice(prefix.length + 3).split('/');
  const [sn, kind, gateway, ...rest] = parts;
  if (!sn || !zDeviceSn.safeParse(sn).success || rest.length > 0) return null;
  if ((kind === 'status' || kind === 'report' || kind === 'event') && gateway === undefined)
    return { sn, kind };
  if (kind === 'ack' && gateway && zMessageId.safeParse(gateway).success) return { sn, kind, gateway };
  return null;
}

/**
 * What a machine may do: publish its own status, report, event and ack topics; subscribe to its own command
 * and event-ack topics. Nothing else, and never another machine's topics.
 */
export function machineMayPublish(prefix: string, sn: string, topic: string): boolean {
  const parsed = parseMachineTopic(prefix, topic);
  return parsed !== null && parsed.sn === sn;
}

export function machineMaySubscribe(prefix: string, sn: string, filter: string): boolean {
  const topics = deviceTopics(prefix, sn);
  return filter === topics.command || filter === topics.eventAck;
}

// ---------------------------------------------------------------------------------------------------------
// Presence

/**
 * Published retained on `status`: online with a fresh connection id right after connecting; the will message
 * (registered at connect) is the same with online false. A graceful shutdown publishes the offline form itself
 * before DISCONNECT, because a broker sends the will only when a connection dies.
 * `conn` lets the gateway ignore a late will of an older connection after the machine has reconnected.
 */
export const presenceMessage = z.object({
  v,
  online: z.boolean(),
  conn: zMessageId,
  /** Machine clock when connected (epoch ms); informative only. */
  at: zEpochMs.optional(),
  /**
   * With online: the settings and shelf revisions the machine holds (0 when it holds none, e.g. after losing
   * its memory). The server pushes whichever differs from its own; a machine that announces none is sent both.
   */
  settings_rev: zCounter.optional(),
  shelves_rev: zCounter.optional(),
  /** The revision of the ads list the machine holds (the `ads` command); missing: it is sent the list. */
  ads_rev: zCounter.optional(),
});
export type PresenceMessage = z.infer<typeof presenceMessage>;

// ---------------------------------------------------------------------------------------------------------
// Status reports

export const statusReport = z.object({
  v,
  /** Modem signal 0..31, 99 unknown (3GPP CSQ). */
  rssi: z.number().int().min(0).max(99),
  /** App version of the machine software. */
  version: z.string().max(64).optional(),
  /** Main-board (controller) firmware version. */
  mversion: z.string().max(64).optional(),
  imei: z
    .string()
    .regex(/^\d{14,16}$/)
    .optional(),
  /** Lucky-bag (fdj) machines run Android and report its version. */
  android_version: z.string().max(32).optional(),
  power: z.enum(['on', 'off']).optional(),
  door: z.enum(['open', 'closed']).optional(),
  at: zEpochMs.optional(),
});
export type StatusReport = z.infer<typeof statusReport>;

// ---------------------------------------------------------------------------------------------------------
// Machine events: each carries a machine-side id; the server stores it once and acknowledges after commit.

/** A delivery fault: a code 0..10 (0 normal, spec §4) or one of the further fault texts. */
export const zFault = z.union([z.number().int().min(0).max(10), z.string().min(1).max(100)]);
export type Fault = z.infer<typeof zFault>;

/** A physical slot of the machine, 1..N (set by set_shelf_count); the shelf's shown number may differ. */
const zSlot = z.number().int().min(1).max(999);

export const deliveredItem = z
  .object({
    slot: zSlot,
    quantity: z.number().int().min(1).max(DISPENSE_LIMITS.quantity),
    delivered: z.number().int().min(0).max(DISPENSE_LIMITS.quantity),
    fault: zFault,
  })
  .refine((item) => item.delivered <= item.quantity, {
    message: 'delivered exceeds quantity',
    path: ['delivered'],
  });
export type DeliveredItem = z.infer<typeof deliveredItem>;

export const machineEvent = z.discriminatedUnion('type', [
  z.object({
    v,
    id: zMessageId,
    at: zEpochMs,
    type: z.literal('delivery'),
    data: z.object({
      /** The order or command this delivery served (a vend command's order). */
      order: zMessageId,
      payment: z.enum(PAYMENTS),
      items: z.array(deliveredItem).min(1).max(DISPENSE_LIMITS.items),
      /**
       * For sales the machine took payment for itself (card readers, its own QR code): what it charged, in
       * cents. Left out, the server prices the items at their shelves' prices. Ignored for orders it knows.
       */
      amount: zAmount.optional(),
      /** The card that paid (iccard, card, ezcard payments). */
      card: z.string().min(1).max(64).optional(),
    }),
  }),
  z.object({
    v,
    id: zMessageId,
    at: zEpochMs,
    type: z.literal('cash_sale'),
    data: z.object({
      payment: z.enum(['coin', 'bill']),
      /** Cash taken, in cents. */
      amount: zAmount,
      items: z.array(deliveredItem).min(1).max(DISPENSE_LIMITS.items),
    }),
  }),
  z.object({
    v,
    id: zMessageId,
    at: zEpochMs,
    type: z.literal('game'),
    data: z.object({
      order: zMessageId.optional(),
      /** Who played (payment-app open id or member card); feeds the 30-day game blacklist. */
      player: z.string().max(128).optional(),
      result: z.enum(['win', 'lose']),
      plays: z.number().int().min(1).max(999),
      difficulty: z.enum(DIFFICULTIES).optional(),
      /** The prize slot and how it came out, when the game was won. */
      prize: deliveredItem.optional(),
      /** Plays paid at the machine itself (coin, card): how, and how much in cents. Absent for server orders. */
      payment: z.enum(PAYMENTS).optional(),
      amount: zAmount.optional(),
      card: z.string().min(1).max(64).optional(),
    }),
  }),
]);
export type MachineEvent = z.infer<typeof machineEvent>;
export type MachineEventType = MachineEvent['type'];

/** What any event carries whatever else is wrong with it: the gateway rejects such an event by its id. */
export const eventEnvelope = z.object({ v, id: zMessageId });

/**
 * The server's answer to an event, after the commit: stored now, or stored before (a resend). `rejected`: the
 * event names its id but breaks this protocol (an amount above MAX_AMOUNT_CENTS, a missing field...); it was
 * not stored and never will be, so the machine stops resending it (and keeps it in its own log).
 */
export const eventAck = z.object({
  v,
  id: zMessageId,
  status: z.enum(['stored', 'duplicate', 'rejected']),
});
export type EventAck = z.infer<typeof eventAck>;

// ---------------------------------------------------------------------------------------------------------
// Settings a machine runs with (spec §3 device detail). The API's device settings are this object.

/**
 * The limits of the whole-number settings (spec §3 device detail), [min, max]: the schemas below, the settings
 * screen's hints and inputs, and its checks before sending are all built from these.
 */
export const SETTING_RANGES = {
  channel_x: [1, 20],
  game_mode: [0, 99],
  lamp_brightness: [0, 255],
  lamp_wait: [0, 99],
  /** Lamp style values other than wait. */
  lamp_style: [0, 999],
  stock_notify_threshold: [0, 999],
  cool_down: [0, 86_400],
  /** Plays bought with one game package. */
  plays: [1, 999],
} as const satisfies Record<string, readonly [number, number]>;
export type SettingRange = keyof typeof SETTING_RANGES;

/** The longest text of each text setting. */
export const SETTING_TEXT_MAX = {
  /** buy_mode and ad_mode: a short lower-case word. */
  mode: 16,
  paramKey: 64,
  paramValue: 500,
  paramNote: 200,
} as const;

/** Game packages and custom parameters a machine holds at most. */
export const MAX_GAME_PACKAGES = 10;
export const MAX_CUSTOM_PARAMS = 30;

/** A whole number within a setting's range. */
function zRange(name: SettingRange, error?: { error: 'numberInvalid' }) {
  const [min, max] = SETTING_RANGES[name];
  const number = error ? z.number(error).int({ error: 'noDecimals' }) : z.number().int();
  return number.min(min).max(max);
}

const zMode = z
  .string()
  .regex(new RegExp(`^[a-z_]{1,${SETTING_TEXT_MAX.mode}}$`))
  .max(SETTING_TEXT_MAX.mode);

const zClock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'invalidValue' })
  .max(5);
const zCents = z
  .number({ error: 'numberInvalid' })
  .int({ error: 'priceCents' })
  .max(INT4_MAX, { error: 'numberInvalid' });

export const gamePackage = z.object({
  /** Plays bought with this package. */
  plays: zRange('plays', { error: 'numberInvalid' }),
  price: zCents.min(MIN_PRICE_CENTS, { error: 'priceMin' }),
});
export type GamePackage = z.infer<typeof gamePackage>;

export const customParam = z.object({
  key: z.string().trim().min(1, { error: 'required' }).max(SETTING_TEXT_MAX.paramKey),
  value: z.string().max(SETTING_TEXT_MAX.paramValue),
  note: z.string().max(SETTING_TEXT_MAX.paramNote).default(''),
});
export type CustomParam = z.infer<typeof customParam>;

export const lampStyle = z.object({ wait: zRange('lamp_wait').default(8) }).catchall(zRange('lamp_style'));
export type LampStyle = z.infer<typeof lampStyle>;

/** '#RRGGBB', or 'random' to let the machine choose. */
export const zLampColor = z.union(
  [
    z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/)
      .max(7),
    z.literal('random'),
  ],
  {
    error: 'invalidValue',
  },
);

/**
 * Every setting with its default. The fixed values (game_place, game_try, ice_making, buy_limit, winning_mode,
 * channel_y, pay_page) are literals: edits always send them as they are (spec §3).
 */
export const deviceSettings = z.object({
  /** Scheduled power on/off. */
  power_ctrl: zBit.default(0),
  power_on: zClock.default('08:00'),
  power_off: zClock.default('23:00'),
  /** Price of one play or purchase, in cents (default 0.02 yuan). */
  price: zCents.min(MIN_PRICE_CENTS, { error: 'priceMin' }).default(MIN_PRICE_CENTS),
  buy_mode: zMode.default('bg'),
  /** 1: every shelf uses the device game price. */
  same_gp: zBit.default(0),
  /** 1: every shelf uses the device win probability. */
  same_pb: zBit.default(0),
  game_package: z.array(gamePackage).max(MAX_GAME_PACKAGES).default([]),
  /** Game blacklist: a player who cleared a game replays within GAME_BLACKLIST_DAYS at extreme difficulty. */
  game_black: zBit.default(0),
  /** Win probability, whole percent. */
  probability: z
    .number({ error: 'numberInvalid' })
    .int({ error: 'noDecimals' })
    .min(0)
    .max(WIN_RATE_MAX, { error: 'winRateMax' })
    .default(0),
  difficulty: z.enum(DIFFICULTIES).default('normal'),
  game_place: z.literal(0).default(0),
  game_try: z.literal(0).default(0),
  ice_making: z.literal(0).default(0),
  buy_limit: z.literal(0).default(0),
  winning_mode: z.literal('random').default('random'),
  channel_x: zRange('channel_x').default(5),
  channel_y: z.literal(5).default(5),
  pay_page: z.literal(0).default(0),
  ad_mode: zMode.default('none'),
  game_mode: zRange('game_mode').default(1),
  lamp_ctrl: zBit.default(1),
  lamp_color: zLampColor.default('#0099FF'),
  lamp_brightness: zRange('lamp_brightness').default(165),
  lamp_style: lampStyle.default({ wait: 8 }),
  /** Notify when a shelf holds this many or fewer; 0 turns it off. */
  stock_notify_threshold: zRange('stock_notify_threshold').default(0),
  /** Seconds between two remote dispenses (spec §9 cool-down); 0 none. */
  cool_down: zRange('cool_down').default(0),
  /** Custom parameters, passed to the machine as they are. */
  extend: z
    .array(customParam)
    .max(MAX_CUSTOM_PARAMS)
    .superRefine((params, ctx) => {
      const seen = new Set<string>();
      params.forEach((p, i) => {
        if (seen.has(p.key)) ctx.addIssue({ code: 'custom', message: 'invalidValue', path: [i, 'key'] });
        seen.add(p.key);
      });
    })
    .default([]),
});
export type DeviceSettings = z.infer<typeof deviceSettings>;

type OptionalWithoutDefault<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? z.ZodOptional<T> : z.ZodOptional<S[K]>;
};

/**
 * The settings as an edit sends them: every field optional and without its default, so a field left out keeps
 * its stored value instead of falling back to the default.
 */
export const deviceSettingsEdit = z.object(
  Object.fromEntries(
    Object.entries(deviceSettings.shape).map(([key, schema]) => [
      key,
      (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
    ]),
  ) as OptionalWithoutDefault<typeof deviceSettings.shape>,
);
export type DeviceSettingsEdit = z.infer<typeof deviceSettingsEdit>;

/** The settings of a machine nobody has edited. */
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = deviceSettings.parse({});

// ---------------------------------------------------------------------------------------------------------
// Commands: server → machine on `cmd`, answered on the reply topic with the same id.

/** One shelf as the machine needs it: the slot it is in and everything a sale needs. */
export const shelfConfig = z.object({
  slot: zSlot,
  /** The number shown to customers and operators (custom shelf numbering). */
  channel_sn: z.number().int().min(1).max(9999),
  name: z.string().max(100),
  price: z.number().int().min(0),
  game_price: z.number().int().min(0),
  quantity: z.number().int().min(0),
  capacity: z.number().int().min(0),
  probability: z.number().int().min(0).max(WIN_RATE_MAX),
  difficulty: z.enum(DIFFICULTIES),
  enabled: zBit,
  goods_id: z.number().int().nullable(),
});
export type ShelfConfig = z.infer<typeof shelfConfig>;

/**
 * One ad plan as a machine shows it (spec §3 Ad plan, §9 types 0–7: none, text+link, image+link, web page, coupon,
 * mini program, app, third-party ad network). Fields its type does not use are ''. `image` is a full URL.
 */
export const machineAd = z.object({
  id: z.number().int().positive(),
  type: z.number().int().min(0).max(7),
  name: z.string().max(100),
  text: z.string().max(200),
  link: z.string().max(500),
  image: z.string().max(600),
  web_url: z.string().max(500),
  /** For a coupon ad: the coupon a customer receives on the machine's purchase page. */
  coupon: z.object({ id: z.number().int().positive(), name: z.string().max(100) }).nullable(),
  app_id: z.string().max(64),
  placement_id: z.string().max(64),
});
export type MachineAd = z.infer<typeof machineAd>;
/** Most ads a machine is sent (the merchant's enabled plans are capped at this). */
export const MACHINE_ADS_MAX = 20;

const vendItem = z.object({ slot: zSlot, quantity: z.number().int().min(1).max(DISPENSE_LIMITS.quantity) });

/** Each command: its arguments and the result its acknowledgement carries when ok. */
export const commandSchemas = {
  /** Dispense; the machine answers when done and also sends a delivery event with `order`. */
  vend: {
    args: z.object({
      order: zMessageId,
      payment: z.enum(PAYMENTS),
      items: z.array(vendItem).min(1).max(DISPENSE_LIMITS.items),
    }),
    result: z.object({ items: z.array(deliveredItem).max(DISPENSE_LIMITS.items) }),
  },
  /**
   * Start paid game plays (claw, lipstick, capsule games); the machine answers when the player may start, then
   * sends a `game` event with the same `order` and the result. `slot` is the prize's slot; `difficulty` is what
   * the server decided (extreme for a blacklisted player).
   */
  play: {
    args: z.object({
      order: zMessageId,
      payment: z.enum(PAYMENTS),
      plays: z.number().int().min(1).max(99),
      slot: zSlot.optional(),
      difficulty: z.enum(DIFFICULTIES),
      player: z.string().max(128).optional(),
    }),
    result: z.object({}),
  },
  /** Test one slot's motor; nothing is sold. */
  test_out: {
    args: z.object({ slot: zSlot, times: z.number().int().min(1).max(TEST_OUT_TIMES_MAX) }),
    result: z.object({ slot: zSlot, fault: zFault }),
  },
  power: {
    args: z.object({ target: z.enum(['machine', 'dtu']), action: z.enum(['on', 'off', 'reboot']) }),
    result: z.object({}),
  },
  lamp: {
    args: z.object({
      on: z.boolean(),
      color: zLampColor,
      brightness: zRange('lamp_brightness'),
      style: lampStyle,
    }),
    result: z.object({}),
  },
  /** The whole settings object; rev lets the server know which revision the machine applied. */
  settings: {
    args: z.object({
      rev: z.number().int().nonnegative(),
      settings: deviceSettings,
      blacklist_days: z.literal(GAME_BLACKLIST_DAYS),
    }),
    result: z.object({ rev: zCounter }),
  },
  /** Every shelf, replacing what the machine holds. */
  shelf_config: {
    args: z.object({ rev: z.number().int().nonnegative(), shelves: z.array(shelfConfig).max(999) }),
    result: z.object({ rev: zCounter }),
  },
  /**
   * Every enabled ad plan of the machine's scope, replacing what it holds (an empty list: show none). `rev` is the
   * ads revision the machine keeps and announces in its presence as `ads_rev`.
   */
  ads: {
    args: z.object({ rev: z.number().int().nonnegative(), ads: z.array(machineAd).max(MACHINE_ADS_MAX) }),
    result: z.object({ rev: zCounter }),
  },
  /** New shown numbers for slots (custom shelf numbering). */
  reset_shelf_ids: {
    args: z.object({ shelves: z.array(z.object({ slot: zSlot, channel_sn: z.number().int().min(1) })) }),
    result: z.object({}),
  },
  set_shelf_count: {
    args: z.object({ count: z.number().int().min(1).max(999) }),
    result: z.object({ count: z.number().int().min(0).max(999) }),
  },
  /** Take goods off these slots (quantity 0, no goods). */
  put_down_goods: {
    args: z.object({ slots: z.array(zSlot).min(1) }),
    result: z.object({}),
  },
  set_quantity: {
    args: z.object({ shelves: z.array(z.object({ slot: zSlot, quantity: z.number().int().min(0) })) }),
    result: z.object({}),
  },
  /** Tells the machine it was bound to a merchant or unbound (it then shows its bind QR code again). */
  bind_state: {
    args: z.object({ bound: z.boolean(), title: z.string().max(100) }),
    result: z.object({}),
  },
  /** Is the machine's shop app alive? */
  ping: {
    args: z.object({}),
    result: z.object({ version: z.string().max(64).optional(), uptime_s: zCounter.optional() }),
  },
} as const;

export type CommandName = keyof typeof commandSchemas;
export const COMMAND_NAMES = Object.keys(commandSchemas) as CommandName[];
export type CommandArgs<N extends CommandName> = z.input<(typeof commandSchemas)[N]['args']>;
export type CommandResult<N extends CommandName> = z.output<(typeof commandSchemas)[N]['result']>;

export const commandMessage = z.object({
  v,
  id: zMessageId,
  name: z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]]),
  args: z.record(z.string(), z.unknown()),
  /** The gateway instance waiting: the machine answers on its ack/<reply> topic. */
  reply: zMessageId,
  /** Server clock (epoch ms) after which the machine must not execute it (a late vend is worse than none). */
  expires: z.number().int().nonnegative(),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/**
 * Why a machine may refuse a command. busy: another command runs; out_of_stock: the slot is empty;
 * unsupported: this machine cannot do it; invalid: arguments it cannot use; expired: arrived too late.
 */
export const REFUSAL_CODES = ['busy', 'out_of_stock', 'unsupported', 'invalid', 'expired', 'fault'] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export const commandAck = z.object({
  v,
  id: zMessageId,
  ok: z.boolean(),
  /** When not ok. */
  code: z.enum(REFUSAL_CODES).optional(),
  msg: z.string().max(200).optional(),
  result: z.unknown().optional(),
});
export type CommandAck = z.infer<typeof commandAck>;

/** A received payload: a string, or bytes that decode themselves (Node's Buffer). */
export type Payload = string | { toString(encoding: 'utf8'): string };

/** Parses a JSON payload with a schema; null (never a throw) for anything malformed. */
export function parsePayload<T extends z.ZodType>(schema: T, payload: Payload): z.output<T> | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
