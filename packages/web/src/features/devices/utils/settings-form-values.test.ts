import { editDev, type Device } from '@vendo/contract/api/devices';
import { DEFAULT_DEVICE_SETTINGS } from '@vendo/contract/device-protocol';
import { describe, expect, it } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import deviceSheetsTexts from '../../../i18n/resources/device-sheets';
import {
  FIXED_SETTINGS,
  settingsBody,
  settingsToForm,
  type SettingsFormValues,
} from './settings-form-values';

const DEVICE: Pick<Device, 'sn' | 'title' | 'store_id' | 'detail'> = {
  sn: '860000000001',
  title: 'Lobby',
  store_id: 4,
  detail: {
    ...DEFAULT_DEVICE_SETTINGS,
    price: 150,
    game_package: [{ plays: 3, price: 500 }],
    lamp_style: { wait: 8, flash: 2 },
    extend: [{ key: 'volume', value: '7', note: '' }],
  },
};
const texts = {
  locale: 'en-US' as const,
  range: (min: number, max: number, field: string) => `${field}: ${min}..${max}`,
  label: (path: string) =>
    ({
      title: 'Name',
      price: 'Price',
      'game_package.0.plays': 'Plays',
      'game_package.0.price': 'Package price',
    })[path] ?? '',
  duplicateKey: 'twice',
};
const body = (patch: Partial<SettingsFormValues>) =>
  settingsBody({ ...settingsToForm(DEVICE), ...patch }, DEVICE, texts);

describe('device settings form', () => {
  it('shows money in yuan and numbers as text, every default in place', () => {
    const values = settingsToForm(DEVICE);
    expect(values.price).toBe('1.50');
    expect(values.game_package).toEqual([{ plays: '3', price: '5.00' }]);
    expect([values.power_on, values.power_off, values.lamp_color, values.lamp_brightness]).toEqual([
      '08:00',
      '23:00',
      '#0099FF',
      '165',
    ]);
    expect([values.lamp_wait, values.channel_x, values.buy_mode, values.ad_mode]).toEqual([
      '8',
      '5',
      'bg',
      'none',
    ]);
  });

  it('sends cents, the fixed values, and keeps the lamp style keys it does not edit', () => {
    const { body: sent, errors } = body({
      price: '2.5',
      game_package: [{ plays: '10', price: '12.34' }],
      lamp_wait: '3',
    });
    expect(errors).toEqual({});
    expect(sent).toMatchObject({ ...FIXED_SETTINGS, price: 250, game_package: [{ plays: 10, price: 1234 }] });
    expect(sent.lamp_style).toEqual({ wait: 3, flash: 2 });
    expect(editDev.request.safeParse(sent).success).toBe(true);
  });

  it('sends the name when there is one to keep, and the store only when it changed', () => {
    expect(body({}).body).not.toHaveProperty('store_id');
    expect(body({ store_id: null }).body).toMatchObject({ store_id: null });
    expect(body({}).body.title).toBe('Lobby');
    expect(
      settingsBody(settingsToForm({ ...DEVICE, title: '' }), { ...DEVICE, title: '' }, texts).body,
    ).not.toHaveProperty('title');
    expect(body({ title: '' }).errors.title).toBe('Name cannot be empty');
  });

  it('names each mistake the way spec §5 does', () => {
    expect(body({ price: '0.01' }).errors.price).toBe('Price must be at least 0.02 yuan');
    expect(body({ price: '1.234' }).errors.price).toBe('Price must be precise to the cent');
    expect(body({ price: '1..2' }).errors.price).toBe('Only one decimal point is allowed');
    expect(body({ probability: '101' }).errors.probability).toBe('Win probability cannot exceed 100%');
    expect(body({ probability: '5.5' }).errors.probability).toBe('Decimals are not allowed');
    expect(body({ game_package: [{ plays: '0', price: '1' }] }).errors['game_package.0.plays']).toBe(
      'Plays: 1..999',
    );
    expect(body({ game_package: [{ plays: '2', price: '' }] }).errors['game_package.0.price']).toBe(
      'Package price cannot be empty',
    );
    expect(body({ price: '' }).errors.price).toBe('Price cannot be empty');
    expect(body({ lamp_brightness: '300' }).errors.lamp_brightness).toBe(': 0..255');
    expect(body({ lamp_wait: '100' }).errors['lamp_style.wait']).toBe(': 0..99');
    expect(body({ cool_down: 'abc' }).errors.cool_down).toBe('Please enter a valid number');
    expect(body({ buy_mode: 'BG!' }).errors.buy_mode).toBe('Invalid value');
    expect(body({ title: 'Lobby!' }).errors.title).toBe('Special symbols are not allowed');
  });

  it('refuses two custom parameters with one name, and one without a name', () => {
    const extend = [
      { key: 'volume', value: '1', note: '' },
      { key: 'volume', value: '2', note: '' },
      { key: ' ', value: '3', note: '' },
    ];
    const { errors } = body({ extend });
    expect(errors['extend.1.key']).toBe('twice');
    expect(errors['extend.2.key']).toBe('Cannot be empty');
  });

  it.each([
    ['en-US', 'Lamp brightness must be a whole number from 0 to 255'],
    ['zh-CN', '灯光亮度须为 0 到 255 之间的整数'],
    ['zh-TW', '燈光亮度須為 0 到 255 之間的整數'],
  ] as const)('names the field of a number out of its range (%s)', async (locale, text) => {
    registerNamespace('deviceSheets', deviceSheetsTexts);
    await i18n.changeLanguage(locale);
    const field = deviceSheetsTexts[locale].settings.lampBrightness;
    const named = {
      locale,
      range: (min: number, max: number, label: string) =>
        i18n.t('deviceSheets:settings.rangeNamed', { min, max, field: label }),
      label: () => field,
      duplicateKey: 'twice',
    };
    const { errors } = settingsBody({ ...settingsToForm(DEVICE), lamp_brightness: '300' }, DEVICE, named);
    expect(errors.lamp_brightness).toBe(text);
  });
});
