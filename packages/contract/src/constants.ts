import type { ValidationKey } from './validation-messages';

/*
 * Business constants and limits (spec §9) and session numbers (spec §4), shared by server and web.
 * Change a number here and both sides follow.
 */

/** A call without an answer after this long shows "request timeout, retry". */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Toasts raised by the API client. */
export const TOAST_MS = 2_000;
/** Toasts elsewhere, when the caller gives no duration. */
export const TOAST_DEFAULT_MS = 4_000;
/** The splash shown while the app boots. */
export const LOADING_SCREEN_MS = 1_200;
/** The SMS button stays blocked this long after a send. */
export const SMS_RESEND_SECONDS = 60;

/** Default page size of each list. */
export const PAGE_SIZE = {
  role: 6,
  staff: 6,
  notification: 6,
  merchant: 6,
  device: 10,
  pagination: 10,
  goods: 8,
} as const;
/** Area and store condition lists load everything in one page. */
export const CONDITION_LIST_PAGE_SIZE = 999;
/** The pagination control shows every page number up to this many pages, ellipses above. */
export const PAGINATION_COLLAPSE_ABOVE = 7;

/** Lowest price and game price a shelf or goods may have: 0.02 yuan. */
export const MIN_PRICE_CENTS = 2;
/** Win probability is a percentage. */
export const WIN_RATE_MAX = 100;
export const GOODS_TAGS_MAX = 2;
export const DETAIL_IMAGES_MAX = 8;
export const OPER_PWD_LENGTH = 6;
export const LOGIN_PASSWORD_MIN = 6;
/** Sub-account login suffix, letters and digits. */
export const SUFFIX_MIN = 3;
/** The spec gives no maximum; merchants.sub_user_suffix is varchar(32). */
export const SUFFIX_MAX = 32;
/** A staff account, the part before @suffix. */
export const STAFF_ACCOUNT_MAX = 32;
/** A role's name. */
export const ROLE_NAME_MAX = 30;
/** A mainland mobile number's digits. */
export const MOBILE_LENGTH = 11;

/**
 * The last instant (epoch ms) a request may name: past it no calendar can place an instant, and zoned dates of it
 * fail (found by the contract fuzzer). Time filters and ranges refuse a later one.
 */
export const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The largest integer a request may send for a count, an amount, a share, a number of days...: PostgreSQL's
 * `integer` (int4) columns take no more, and past it the database refuses the write with a fault instead of the
 * schema refusing the field with a message (decision 056). Every request integer has a maximum at most this, but
 * for ids (ID_MAX) and epoch ms (LATEST_INSTANT), which are bigint columns; the server's request-bounds test walks
 * every call for it.
 */
export const INT4_MAX = 2_147_483_647;
/** The largest shelf number a machine has (what /c/resetId lets a slot be numbered). */
export const SHELF_NUMBER_MAX = 9999;
/** The largest id a request may name: ids are bigint in PostgreSQL, and a JS number is exact up to here. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;

/**
 * The longest text each kind of request field takes: every text of every call has a maximum that fits its
 * column (db/migrations), so a database never meets a value it cannot store; the server's request-bounds test
 * walks every call for it. Longer values are refused with "at most {max} characters".
 */
export const TEXT_MAX = {
  /** Area, store, goods, image, device and shelf names; people's names; manager and salesman. */
  name: 50,
  /** Merchant names. */
  longName: 100,
  address: 200,
  /** Area, store and goods remarks and descriptions. */
  remarks: 500,
  /** Stock and refund remarks, role notes. */
  note: 200,
  /** Codes people type or copy: goods and client codes, card numbers, payment numbers. */
  code: 64,
  phone: 20,
  /** The goods' detail introduction. */
  intro: 5000,
  /** One of a goods' tags. */
  tag: 20,
  /** A goods' type as the merchant names it. */
  goodsType: 32,
  /** Links and image references. */
  url: 500,
  /** Search words and filter texts. */
  filter: 100,
  /** A login name: the main account's phone, or account@suffix. */
  login: STAFF_ACCOUNT_MAX + 1 + SUFFIX_MAX,
  /** Passwords as typed; hashing stays cheap. */
  password: 128,
  /** Signs, tokens, ids and keys the server or a provider handed out. */
  token: 200,
  /** Short words: business type, paging step, a number or a time sent as text. */
  word: 16,
  /** An agent's id (agents.id). */
  agent: 32,
  /** A machine's serial number (devices.sn). */
  sn: 20,
  /** File names and content types of uploads. */
  fileName: 255,
} as const;

/** Mainland resident ID number. */
export const ID_NUMBER_LENGTH = 18;
/** Bank card number: "bounds 8 and 4" in the spec; 8 is the shortest accepted, 4 the display group. */
export const CARD_NUMBER = { min: 8, max: 30, group: 4 } as const;
/** ID validity periods in years; a gap above the last tier also passes (long-term cards). */
export const CERT_TIERS_YEARS = [5, 10, 20] as const;

/** An operation-password sign stays valid 2 hours. */
export const OPER_SESSION_MS = 7_200_000;
/** A stored login is valid 3 days. */
export const LOGIN_VALID_MS = 259_200_000;
/** Stored info with another version marker is cleared on start. */
export const STORAGE_VERSION = '20240111';
/** An app module this close to expiry shows a warning (30 days). */
export const APP_EXPIRY_WARNING_MS = 2_592_000_000;
/**
 * How far back a time range may start (earliestAllowedStart). The spec says "about 93 days" but gives this number,
 * which is 930 days; the number is the rule (decision 018), for the picker, analytics and the bill lists alike.
 */
export const DATE_RANGE_MAX_BACK_MS = 80_352_000_000;
/** Language cookie and agent are kept one year. */
export const COOKIE_MAX_AGE_DAYS = 365;
export const DEFAULT_AGENT = '888888';
/** Unbinding asks three times; a cancel goes back to the first prompt after the delay. */
export const UNBIND_CONFIRMATIONS = 3;
export const UNBIND_RESET_MS = 1_000;
/** The warning about devices without a merchant counts down this many times. */
export const UNBOUND_WARNING_REPEATS = 5;
/** A failed route chunk reloads the page at most this many more times. */
export const CHUNK_RELOAD_RETRIES = 4;
/** Per-app quota when the app has no '<name>_max_count' extend value. */
export const DEFAULT_APP_MAX_COUNT = 9999;
/** Dashboard ranking lengths. */
export const RANKING_TOP = { store: 6, device: 6, goods: 10 } as const;
/** Working days staff take to review a bank card, shown as text. */
export const BANK_REVIEW_DAYS = '1-3';
/** Payout fee, about 6 per thousand, for reference only. */
export const PAYOUT_FEE_RATE = 0.006;
/** Payout records update daily at this hour (merchant time zone); income arrives the next day. */
export const SETTLEMENT_HOUR = 13;
/** Capsule (gpm) and lattice (gzj) machines hand out one item at a time (spec §5): one shelf, quantity 1. */
export const ONE_ITEM_DEVICE_TYPES: readonly string[] = ['gpm', 'gzj'];
export function dispensesOneAtATime(deviceType: string): boolean {
  return ONE_ITEM_DEVICE_TYPES.includes(deviceType);
}
/** After clearing a game, replays within this many days default to extreme difficulty. */
export const GAME_BLACKLIST_DAYS = 30;
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const WEEK_STARTS_MONDAY = true;
/** The merchant filter lists this many options, then a "more" list. */
export const MERCHANT_FILTER_FIRST = 3;
/** "Today", weeks and settlement dates are in the merchant's zone; this one unless set. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// ---------------------------------------------------------------------------------------------------------
// App modules (spec §4 app expiry, §6 quotas)

/** The part of an app entry these rules read; expire_at is epoch ms. */
export interface AppEntryLike {
  app_module_name: string;
  expire_at: number;
  extend?: readonly { name: string; value: string | number }[];
}

/** A module is usable while it has not expired; a missing module is not. */
export function isAppUsable(app: AppEntryLike | undefined, now: number): boolean {
  return app !== undefined && app.expire_at > now;
}

/** Still usable, but fewer than 30 days left. */
export function appExpiresSoon(app: AppEntryLike | undefined, now: number): boolean {
  return app !== undefined && app.expire_at > now && app.expire_at - now < APP_EXPIRY_WARNING_MS;
}

/** Quota from the extend value '<name>_max_count' (e.g. 'area', 'store' on the region app). */
export function appMaxCount(app: AppEntryLike | undefined, name: string): number {
  const raw = app?.extend?.find((e) => e.name === `${name}_max_count`)?.value;
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw ?? '', 10);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_APP_MAX_COUNT;
}

// ---------------------------------------------------------------------------------------------------------
// Calendar in the merchant's time zone. Intl does the zone maths so no date library is needed here.

export interface ZonedDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Zones that have kept one offset from UTC, without daylight saving, since 2000 (tz database: mainland China's
 * last daylight saving ended in 1991, Hong Kong's, Macau's and Taiwan's in 1979), in minutes east of UTC. Their
 * wall clock after 2000 is arithmetic. Intl's first formatter costs tens of milliseconds on a phone (ICU's calendar
 * and zone data), which the dashboard paid in the task before its first paint (docs/web-performance.md, step 5).
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = {
  'Asia/Shanghai': 480,
  'Asia/Hong_Kong': 480,
  'Asia/Macau': 480,
  'Asia/Taipei': 480,
  UTC: 0,
  'Etc/UTC': 0,
};
const FIXED_OFFSET_SINCE = Date.UTC(2000, 0, 1);

/** The wall-clock date and time of an instant in a zone. */
export function zonedDate(ms: number, timeZone: string = DEFAULT_TIME_ZONE): ZonedDate {
  const fixed = FIXED_OFFSET_MINUTES[timeZone];
  if (fixed !== undefined && ms >= FIXED_OFFSET_SINCE) {
    const wall = new Date(ms + fixed * 60_000);
    // Past the last instant a Date holds, Intl below refuses it as before.
    if (!Number.isNaN(wall.getTime())) {
      return {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
        second: wall.getUTCSeconds(),
      };
    }
  }
  const out: ZonedDate = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof ZonedDate] = Number(part.value);
  }
  return out;
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export function zonedDay(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = zonedDate(ms, timeZone);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone (spec §9 time format). */
export function zonedStamp(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = zonedDate(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.year}-${two(d.month)}-${two(d.day)} ${two(d.hour)}:${two(d.minute)}:${two(d.second)}`;
}

function zoneOffset(ms: number, timeZone: string): number {
  const d = zonedDate(ms, timeZone);
  const wall = Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute, d.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant of local midnight; month and day may overflow (day 0, month 13) like Date.UTC. */
export function zonedMidnight(
  year: number,
  month: number,
  day: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - zoneOffset(wall, timeZone);
  // A second pass settles guesses that land across a DST change.
  const midnight = wall - zoneOffset(guess, timeZone);
  const target = new Date(wall);
  const d = zonedDate(midnight, timeZone);
  if (
    d.year === target.getUTCFullYear() &&
    d.month === target.getUTCMonth() + 1 &&
    d.day === target.getUTCDate()
  ) {
    return midnight;
  }
  // Midnight does not exist that day (clocks jump forward at 00:00, as in Santiago or Beirut): the day starts at
  // the jump, within the next three hours. Found to the second, on the rare days it happens.
  const dayOf = (ms: number) => {
    const z = zonedDate(ms, timeZone);
    return Date.UTC(z.year, z.month - 1, z.day);
  };
  let before = midnight;
  let on = midnight + 3 * 3_600_000;
  while (on - before > 1000) {
    const mid = before + Math.floor((on - before) / 2000) * 1000;
    if (dayOf(mid) >= wall) on = mid;
    else before = mid;
  }
  return on;
}

export type Period = 'day' | 'week' | 'month';

/** Start of the day, week (Monday) or month holding the instant. */
export function startOfPeriod(period: Period, ms: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  const d = zonedDate(ms, timeZone);
  if (period === 'month') return zonedMidnight(d.year, d.month, 1, timeZone);
  if (period === 'day') return zonedMidnight(d.year, d.month, d.day, timeZone);
  const sinceMonday = (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;
  return zonedMidnight(d.year, d.month, d.day - sinceMonday, timeZone);
}

/** Start of the period after the one holding the instant. */
export function nextPeriodStart(period: Period, ms: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  const d = zonedDate(startOfPeriod(period, ms, timeZone), timeZone);
  const step = { day: [0, 1], week: [0, 7], month: [1, 0] } as const;
  const [months, days] = step[period];
  return zonedMidnight(d.year, d.month + months, d.day + days, timeZone);
}

// ---------------------------------------------------------------------------------------------------------
// Time-range picker (spec §2)

/**
 * The one date-range rule (spec §2, §9): a range whose last instant is `last` may start no earlier than
 * DATE_RANGE_MAX_BACK_MS before the earlier of now and `last`. The picker, every analytics call and both bill
 * lists check their start against it (too early: 'rangeStartTooEarly'), so no two screens disagree.
 */
export function earliestAllowedStart(last: number, now: number): number {
  return Math.min(now, last) - DATE_RANGE_MAX_BACK_MS;
}

/** The picker's range, end inclusive: start not before earliestAllowedStart; end neither after now nor before start. */
export function checkTimeRange(start: number, end: number, now: number): ValidationKey | null {
  if (end > now) return 'rangeEndAfterNow';
  if (end < start) return 'rangeEndBeforeStart';
  if (start < earliestAllowedStart(end, now)) return 'rangeStartTooEarly';
  return null;
}

/** The "next" arrow has nothing to show once the next period has not begun yet. */
export function checkNextPeriod(
  period: Period,
  current: number,
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): ValidationKey | null {
  if (nextPeriodStart(period, current, timeZone) <= now) return null;
  return period === 'day' ? 'noNextDay' : period === 'week' ? 'noNextWeek' : 'noNextMonth';
}
