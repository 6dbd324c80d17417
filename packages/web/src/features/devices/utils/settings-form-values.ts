import { editDev, type Device } from '@vendo/contract/api/devices';
import { SETTING_RANGES } from '@vendo/contract/device-protocol';
import type { Difficulty } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { centsToYuan, yuanToCents } from '@vendo/contract/money';
import { checkInteger, checkPrice, checkWinRate, isEmptyValue } from '@vendo/contract/validation';
import type { ValidationKey } from '@vendo/contract/validation-messages';
import { validationText, type FieldErrors } from '../../../lib/validation';
import { pathErrors, wholeNumber } from './form-errors';

/** A game package as typed: how many plays, and its price in yuan. */
export interface PackageRow {
  plays: string;
  price: string;
}

export interface ParamRow {
  key: string;
  value: string;
  note: string;
}

/** Every setting of spec §3 device detail as the form holds it: money in yuan, numbers as typed text. */
export interface SettingsFormValues {
  title: string;
  store_id: number | null;
  power_ctrl: boolean;
  power_on: string;
  power_off: string;
  price: string;
  buy_mode: string;
  same_gp: boolean;
  same_pb: boolean;
  game_package: PackageRow[];
  game_black: boolean;
  probability: string;
  difficulty: Difficulty;
  channel_x: string;
  ad_mode: string;
  game_mode: string;
  lamp_ctrl: boolean;
  lamp_color: string;
  lamp_brightness: string;
  lamp_wait: string;
  stock_notify_threshold: string;
  cool_down: string;
  extend: ParamRow[];
}

/** Values every edit sends as they are (spec §3): the machine's fixed settings. */
export const FIXED_SETTINGS = {
  game_place: 0,
  game_try: 0,
  ice_making: 0,
  buy_limit: 0,
  winning_mode: 'random',
  channel_y: 5,
  pay_page: 0,
} as const;

type DeviceForForm = Pick<Device, 'title' | 'store_id' | 'detail'>;

export function settingsToForm(device: DeviceForForm): SettingsFormValues {
  const d = device.detail;
  return {
    title: device.title,
    store_id: device.store_id,
    power_ctrl: d.power_ctrl === 1,
    power_on: d.power_on,
    power_off: d.power_off,
    price: centsToYuan(d.price),
    buy_mode: d.buy_mode,
    same_gp: d.same_gp === 1,
    same_pb: d.same_pb === 1,
    game_package: d.game_package.map((p) => ({ plays: String(p.plays), price: centsToYuan(p.price) })),
    game_black: d.game_black === 1,
    probability: String(d.probability),
    difficulty: d.difficulty,
    channel_x: String(d.channel_x),
    ad_mode: d.ad_mode,
    game_mode: String(d.game_mode),
    lamp_ctrl: d.lamp_ctrl === 1,
    lamp_color: d.lamp_color,
    lamp_brightness: String(d.lamp_brightness),
    lamp_wait: String(d.lamp_style.wait),
    stock_notify_threshold: String(d.stock_notify_threshold),
    cool_down: String(d.cool_down),
    extend: d.extend.map((p) => ({ key: p.key, value: p.value, note: p.note })),
  };
}

/** Typed yuan as cents: NaN (which the schema refuses) when it is not an amount. */
function cents(text: string): number {
  return yuanToCents(text.trim()) ?? Number.NaN;
}

const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

export interface SettingsTexts {
  locale: Locale;
  /** "{field} must be a whole number from {min} to {max}": the field named by its label. */
  range: (min: number, max: number, field: string) => string;
  /** A field's label by its path ('price', 'lamp_style.wait', 'game_package.0.plays'; '' for none): messages name it. */
  label: (path: string) => string;
  /** Two custom parameters with one name. */
  duplicateKey: string;
}

/**
 * The body of /d/editDev and the messages of the fields that are wrong, keyed by path ('game_package.0.price').
 * Typed text is checked first with the rules of spec §5 (price to the cent and at least 0.02, whole numbers, win
 * rate at most 100 %), the whole body then with the contract schema the server applies. The name goes only when
 * there is one to keep and the store only when it changed, so staff limited to stores can save the rest.
 */
export function settingsBody(
  values: SettingsFormValues,
  device: DeviceForForm & Pick<Device, 'sn'>,
  texts: SettingsTexts,
) {
  const { locale } = texts;
  const title = values.title.trim();
  const body = {
    sn: device.sn,
    ...(title !== '' || device.title !== '' ? { title } : {}),
    ...(values.store_id !== device.store_id ? { store_id: values.store_id } : {}),
    ...FIXED_SETTINGS,
    power_ctrl: flag(values.power_ctrl),
    power_on: values.power_on,
    power_off: values.power_off,
    price: cents(values.price),
    buy_mode: values.buy_mode.trim(),
    same_gp: flag(values.same_gp),
    same_pb: flag(values.same_pb),
    game_package: values.game_package.map((p) => ({ plays: wholeNumber(p.plays), price: cents(p.price) })),
    game_black: flag(values.game_black),
    probability: wholeNumber(values.probability),
    difficulty: values.difficulty,
    channel_x: wholeNumber(values.channel_x),
    ad_mode: values.ad_mode.trim(),
    game_mode: wholeNumber(values.game_mode),
    lamp_ctrl: flag(values.lamp_ctrl),
    lamp_color: values.lamp_color,
    lamp_brightness: wholeNumber(values.lamp_brightness),
    lamp_style: { ...device.detail.lamp_style, wait: wholeNumber(values.lamp_wait) },
    stock_notify_threshold: wholeNumber(values.stock_notify_threshold),
    cool_down: wholeNumber(values.cool_down),
    extend: values.extend.map((p) => ({ key: p.key.trim(), value: p.value, note: p.note })),
  };

  const typed: Record<string, string | null> = {};
  const key = (k: ValidationKey | null) => (k ? validationText(k, locale) : null);
  // An empty field's message names it ("Price cannot be empty"), as does a number out of its range.
  const empty = (path: string) => {
    const field = texts.label(path);
    return field ? validationText('fieldRequired', locale, { field }) : validationText('required', locale);
  };
  const requiredThen = (path: string, text: string, check: (v: string) => ValidationKey | null) =>
    isEmptyValue(text) ? empty(path) : key(check(text));
  const inRange = (path: string, text: string, [min, max]: readonly [number, number]) => {
    const found = requiredThen(path, text, (v) => checkInteger(v));
    if (found) return found;
    const n = Number(text.trim());
    return n < min || n > max ? texts.range(min, max, texts.label(path)) : null;
  };

  typed.price = requiredThen('price', values.price, (v) => checkPrice(v));
  typed.probability = requiredThen('probability', values.probability, (v) => checkWinRate(v));
  typed.power_on = isEmptyValue(values.power_on) ? empty('power_on') : null;
  typed.power_off = isEmptyValue(values.power_off) ? empty('power_off') : null;
  typed.channel_x = inRange('channel_x', values.channel_x, SETTING_RANGES.channel_x);
  typed.game_mode = inRange('game_mode', values.game_mode, SETTING_RANGES.game_mode);
  typed.lamp_brightness = inRange('lamp_brightness', values.lamp_brightness, SETTING_RANGES.lamp_brightness);
  typed['lamp_style.wait'] = inRange('lamp_style.wait', values.lamp_wait, SETTING_RANGES.lamp_wait);
  typed.stock_notify_threshold = inRange(
    'stock_notify_threshold',
    values.stock_notify_threshold,
    SETTING_RANGES.stock_notify_threshold,
  );
  typed.cool_down = inRange('cool_down', values.cool_down, SETTING_RANGES.cool_down);
  values.game_package.forEach((p, i) => {
    typed[`game_package.${i}.plays`] = inRange(`game_package.${i}.plays`, p.plays, SETTING_RANGES.plays);
    typed[`game_package.${i}.price`] = requiredThen(`game_package.${i}.price`, p.price, (v) => checkPrice(v));
  });
  const seen = new Set<string>();
  values.extend.forEach((p, i) => {
    const name = p.key.trim();
    if (name && seen.has(name)) typed[`extend.${i}.key`] = texts.duplicateKey;
    seen.add(name);
  });

  const errors: FieldErrors = { ...pathErrors(editDev.request, body, locale, texts.label) };
  for (const [field, message] of Object.entries(typed)) {
    if (message) errors[field] = message;
  }
  return { body, errors };
}
