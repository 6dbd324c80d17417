import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEVICE_SETTINGS,
  DISPENSE_LIMITS,
  MACHINE_ADS_MAX,
  MAX_AMOUNT_CENTS,
  MAX_CUSTOM_PARAMS,
  MAX_GAME_PACKAGES,
  SETTING_RANGES,
  SETTING_TEXT_MAX,
  commandAck,
  commandMessage,
  commandSchemas,
  deviceSettings,
  deviceTopics,
  eventAck,
  eventEnvelope,
  gatewayFilters,
  machineAd,
  machineEvent,
  machineMayPublish,
  machineMaySubscribe,
  parseMachineTopic,
  parsePayload,
  presenceMessage,
  statusReport,
} from './device-protocol';

describe('device topics', () => {
  const t = deviceTopics('vendo', '1001');

  it('names every topic of a machine under its sn', () => {
    expect(t).toMatchObject({
      status: 'vendo/d/1001/status',
      report: 'vendo/d/1001/report',
      event: 'vendo/d/1001/event',
      command: 'vendo/d/1001/cmd',
      eventAck: 'vendo/d/1001/event-ack',
    });
    expect(t.ack('gw1')).toBe('vendo/d/1001/ack/gw1');
    expect(gatewayFilters('vendo', 'gw1').ack).toBe('vendo/d/+/ack/gw1');
  });

  it('parses the topics machines publish on, and nothing else', () => {
    expect(parseMachineTopic('vendo', t.status)).toEqual({ sn: '1001', kind: 'status' });
    expect(parseMachineTopic('vendo', t.ack('gw1'))).toEqual({ sn: '1001', kind: 'ack', gateway: 'gw1' });
    expect(parseMachineTopic('vendo', t.command)).toBeNull();
    expect(parseMachineTopic('vendo', 'vendo/d/abc/status')).toBeNull();
    expect(parseMachineTopic('vendo', 'vendo/d/1001/status/extra')).toBeNull();
    expect(parseMachineTopic('other', t.status)).toBeNull();
    expect(parseMachineTopic('vendo', 'vendo/d/1001/ack')).toBeNull();
  });

  it('lets a machine publish and subscribe only on its own topics', () => {
    expect(machineMayPublish('vendo', '1001', t.event)).toBe(true);
    expect(machineMayPublish('vendo', '1001', deviceTopics('vendo', '1002').event)).toBe(false);
    expect(machineMayPublish('vendo', '1001', t.command)).toBe(false);
    expect(machineMayPublish('vendo', '1001', 'vendo/d/+/event')).toBe(false);
    expect(machineMaySubscribe('vendo', '1001', t.command)).toBe(true);
    expect(machineMaySubscribe('vendo', '1001', t.eventAck)).toBe(true);
    expect(machineMaySubscribe('vendo', '1001', 'vendo/d/+/cmd')).toBe(false);
    expect(machineMaySubscribe('vendo', '1001', 'vendo/#')).toBe(false);
    expect(machineMaySubscribe('vendo', '1001', deviceTopics('vendo', '1002').command)).toBe(false);
  });

  it('never lets a machine touch a topic of another sn (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$/), fc.stringMatching(/^\d{1,8}$/), (a, b) => {
        fc.pre(a !== b);
        const other = deviceTopics('vendo', b);
        for (const topic of [other.status, other.report, other.event, other.ack('g'), other.command]) {
          expect(machineMayPublish('vendo', a, topic)).toBe(false);
          expect(machineMaySubscribe('vendo', a, topic)).toBe(false);
        }
      }),
    );
  });
});

describe('message schemas', () => {
  it('parses presence, reports and acks', () => {
    expect(parsePayload(presenceMessage, '{"v":1,"online":false,"conn":"c1"}')).toEqual({
      v: 1,
      online: false,
      conn: 'c1',
    });
    expect(
      parsePayload(statusReport, JSON.stringify({ v: 1, rssi: 18, imei: '861234567890123' })),
    ).toMatchObject({
      rssi: 18,
    });
    expect(parsePayload(commandAck, '{"v":1,"id":"x","ok":false,"code":"busy"}')).toMatchObject({
      ok: false,
    });
  });

  it('answers null for malformed payloads instead of throwing', () => {
    for (const bad of ['', 'not json', '{', 'null', '[]', '{"v":2,"online":true,"conn":"c"}', '{"v":1}']) {
      expect(parsePayload(presenceMessage, bad)).toBeNull();
    }
    expect(parsePayload(statusReport, '{"v":1,"rssi":-1}')).toBeNull();
    // What Node's Buffer decodes from bytes that are not UTF-8.
    expect(parsePayload(presenceMessage, { toString: () => '\uFFFD\uFFFD\u0000' })).toBeNull();
  });

  it('never throws on arbitrary text or JSON (property)', () => {
    const inputs = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.json().map((j) => j),
      fc.anything().map((a) => JSON.stringify(a) ?? ''),
    );
    fc.assert(
      fc.property(inputs, (text) => {
        for (const schema of [presenceMessage, statusReport, machineEvent, commandAck, commandMessage]) {
          expect(() => parsePayload(schema, text)).not.toThrow();
        }
      }),
    );
  });

  it('parses each kind of machine event and refuses an unknown kind', () => {
    const delivery = {
      v: 1,
      id: 'e-1',
      at: 1,
      type: 'delivery',
      data: { order: 'o1', payment: 'remote', items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }] },
    };
    expect(machineEvent.safeParse(delivery).success).toBe(true);
    const fault = {
      ...delivery,
      data: { ...delivery.data, items: [{ slot: 1, quantity: 1, delivered: 0, fault: 'lockFault' }] },
    };
    expect(machineEvent.safeParse(fault).success).toBe(true);
    const badCode = {
      ...delivery,
      data: { ...delivery.data, items: [{ slot: 1, quantity: 1, delivered: 0, fault: 11 }] },
    };
    expect(machineEvent.safeParse(badCode).success).toBe(false);
    const cash = {
      v: 1,
      id: 'e-2',
      at: 1,
      type: 'cash_sale',
      data: { payment: 'coin', amount: 200, items: delivery.data.items },
    };
    expect(machineEvent.safeParse(cash).success).toBe(true);
    const game = { v: 1, id: 'e-3', at: 1, type: 'game', data: { player: 'p', result: 'win', plays: 1 } };
    expect(machineEvent.safeParse(game).success).toBe(true);
    expect(machineEvent.safeParse({ ...game, type: 'other' }).success).toBe(false);
  });

  it('bounds what a machine reports: amounts, counts, clocks and revisions', () => {
    const items = [{ slot: 1, quantity: 2, delivered: 2, fault: 0 }];
    const cash = (amount: number) => ({
      v: 1,
      id: 'e-4',
      at: 1_795_346_577_161,
      type: 'cash_sale',
      data: { payment: 'coin', amount, items },
    });
    expect(machineEvent.safeParse(cash(MAX_AMOUNT_CENTS)).success).toBe(true);
    for (const amount of [MAX_AMOUNT_CENTS + 1, 2 ** 53, -1, 1.5])
      expect(machineEvent.safeParse(cash(amount)).success, String(amount)).toBe(false);
    const card = {
      v: 1,
      id: 'e-5',
      at: 1,
      type: 'delivery',
      data: { order: 'o', payment: 'card', items, amount: 2 ** 53 },
    };
    expect(machineEvent.safeParse(card).success).toBe(false);
    const game = {
      v: 1,
      id: 'e-6',
      at: 1,
      type: 'game',
      data: { result: 'lose', plays: 1, amount: 2 ** 53 },
    };
    expect(machineEvent.safeParse(game).success).toBe(false);
    // More delivered than asked for, and a clock past 2100, are not believable.
    const over = { ...cash(100), data: { ...cash(100).data, items: [{ ...items[0], delivered: 3 }] } };
    expect(machineEvent.safeParse(over).success).toBe(false);
    expect(machineEvent.safeParse({ ...cash(100), at: 2 ** 53 }).success).toBe(false);
    // What a rejected event keeps: its id, so the machine can be told.
    expect(parsePayload(eventEnvelope, JSON.stringify(cash(2 ** 53)))).toEqual({ v: 1, id: 'e-4' });
    expect(parsePayload(eventAck, '{"v":1,"id":"e-4","status":"rejected"}')).toMatchObject({
      status: 'rejected',
    });

    const online = { v: 1, online: true, conn: 'c1', settings_rev: 3, shelves_rev: 0 };
    expect(presenceMessage.safeParse(online).success).toBe(true);
    expect(presenceMessage.safeParse({ ...online, shelves_rev: 2 ** 53 }).success).toBe(false);
    expect(presenceMessage.safeParse({ ...online, settings_rev: -1 }).success).toBe(false);
    const vend = commandSchemas.vend.result;
    expect(vend.safeParse({ items: Array.from({ length: 21 }, () => items[0]) }).success).toBe(false);
  });

  it('describes every command with argument and result schemas', () => {
    expect(
      commandSchemas.vend.args.safeParse({ order: 'o', payment: 'remote', items: [{ slot: 1, quantity: 1 }] })
        .success,
    ).toBe(true);
    expect(commandSchemas.power.args.safeParse({ target: 'machine', action: 'reboot' }).success).toBe(true);
    expect(
      commandMessage.safeParse({ v: 1, id: 'c', name: 'nope', args: {}, reply: 'g', expires: 1 }).success,
    ).toBe(false);
  });
});

describe('ads (issue 18)', () => {
  const ad = {
    id: 7,
    type: 1,
    name: 'Summer',
    text: 'Cold drinks',
    link: 'https://example.com/a',
    image: '',
    web_url: '',
    coupon: null,
    app_id: '',
    placement_id: '',
  };

  it('carries the whole list with its revision, announced back as ads_rev', () => {
    expect(commandSchemas.ads.args.safeParse({ rev: 3, ads: [ad] }).success).toBe(true);
    expect(commandSchemas.ads.args.safeParse({ rev: 4, ads: [] }).success).toBe(true);
    expect(commandSchemas.ads.result.parse({ rev: 3 })).toEqual({ rev: 3 });
    expect(presenceMessage.parse({ v: 1, online: true, conn: 'c1', ads_rev: 3 }).ads_rev).toBe(3);
    expect(presenceMessage.safeParse({ v: 1, online: true, conn: 'c1', ads_rev: -1 }).success).toBe(false);
  });

  it('bounds the list and each ad', () => {
    const many = Array.from({ length: MACHINE_ADS_MAX + 1 }, (_, i) => ({ ...ad, id: i + 1 }));
    expect(commandSchemas.ads.args.safeParse({ rev: 1, ads: many }).success).toBe(false);
    expect(commandSchemas.ads.args.safeParse({ rev: 1, ads: [{ ...ad, type: 8 }] }).success).toBe(false);
    expect(machineAd.safeParse({ ...ad, coupon: { id: 2, name: 'c' } }).success).toBe(true);
    expect(machineAd.safeParse({ ...ad, id: 0 }).success).toBe(false);
  });
});

describe('device settings', () => {
  it('has the defaults of spec §3', () => {
    expect(DEFAULT_DEVICE_SETTINGS).toMatchObject({
      power_on: '08:00',
      power_off: '23:00',
      price: 2,
      buy_mode: 'bg',
      channel_x: 5,
      winning_mode: 'random',
      ad_mode: 'none',
      game_mode: 1,
      lamp_color: '#0099FF',
      lamp_brightness: 165,
      lamp_style: { wait: 8 },
      game_place: 0,
      game_try: 0,
      ice_making: 0,
      buy_limit: 0,
      channel_y: 5,
      pay_page: 0,
    });
  });

  it('refuses changes to the fixed values, bad clocks, prices under 0.02 and repeated custom keys', () => {
    expect(deviceSettings.safeParse({ game_place: 1 }).success).toBe(false);
    expect(deviceSettings.safeParse({ winning_mode: 'fixed' }).success).toBe(false);
    expect(deviceSettings.safeParse({ power_on: '24:00' }).success).toBe(false);
    expect(deviceSettings.safeParse({ price: 1 }).success).toBe(false);
    expect(deviceSettings.safeParse({ probability: 101 }).success).toBe(false);
    expect(deviceSettings.safeParse({ lamp_color: 'blue' }).success).toBe(false);
    expect(deviceSettings.safeParse({ lamp_color: 'random' }).success).toBe(true);
    const twice = {
      extend: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    };
    expect(deviceSettings.safeParse(twice).success).toBe(false);
  });
});

describe('setting limits', () => {
  it('are the limits the settings schema applies, at both ends of each range', () => {
    const whole: Record<string, (n: number) => unknown> = {
      channel_x: (n) => ({ channel_x: n }),
      game_mode: (n) => ({ game_mode: n }),
      lamp_brightness: (n) => ({ lamp_brightness: n }),
      lamp_wait: (n) => ({ lamp_style: { wait: n } }),
      lamp_style: (n) => ({ lamp_style: { wait: 8, flash: n } }),
      stock_notify_threshold: (n) => ({ stock_notify_threshold: n }),
      cool_down: (n) => ({ cool_down: n }),
      plays: (n) => ({ game_package: [{ plays: n, price: 100 }] }),
    };
    expect(Object.keys(whole).sort()).toEqual(Object.keys(SETTING_RANGES).sort());
    for (const [name, [min, max]] of Object.entries(SETTING_RANGES)) {
      const settings = whole[name]!;
      expect(deviceSettings.safeParse(settings(min)).success, `${name} ${min}`).toBe(true);
      expect(deviceSettings.safeParse(settings(max)).success, `${name} ${max}`).toBe(true);
      expect(deviceSettings.safeParse(settings(min - 1)).success, `${name} ${min - 1}`).toBe(false);
      expect(deviceSettings.safeParse(settings(max + 1)).success, `${name} ${max + 1}`).toBe(false);
    }
  });

  it('bound the rows and texts of the settings', () => {
    const pkg = { plays: 1, price: 100 };
    const param = (i: number) => ({ key: `k${i}`, value: '', note: '' });
    const rows = (n: number, row: (i: number) => unknown) => Array.from({ length: n }, (_, i) => row(i));
    expect(deviceSettings.safeParse({ game_package: rows(MAX_GAME_PACKAGES, () => pkg) }).success).toBe(true);
    expect(deviceSettings.safeParse({ game_package: rows(MAX_GAME_PACKAGES + 1, () => pkg) }).success).toBe(
      false,
    );
    expect(deviceSettings.safeParse({ extend: rows(MAX_CUSTOM_PARAMS, param) }).success).toBe(true);
    expect(deviceSettings.safeParse({ extend: rows(MAX_CUSTOM_PARAMS + 1, param) }).success).toBe(false);
    const mode = (n: number) => deviceSettings.safeParse({ buy_mode: 'a'.repeat(n) }).success;
    expect([mode(SETTING_TEXT_MAX.mode), mode(SETTING_TEXT_MAX.mode + 1)]).toEqual([true, false]);
    const key = (n: number) =>
      deviceSettings.safeParse({ extend: [{ ...param(0), key: 'k'.repeat(n) }] }).success;
    expect([key(SETTING_TEXT_MAX.paramKey), key(SETTING_TEXT_MAX.paramKey + 1)]).toEqual([true, false]);
  });

  it('bound a vend command by the dispense limits', () => {
    const vend = (items: number, quantity: number) =>
      commandSchemas.vend.args.safeParse({
        order: 'o1',
        payment: 'wechat',
        items: Array.from({ length: items }, (_, i) => ({ slot: i + 1, quantity })),
      }).success;
    expect(vend(DISPENSE_LIMITS.items, DISPENSE_LIMITS.quantity)).toBe(true);
    expect(vend(DISPENSE_LIMITS.items + 1, 1)).toBe(false);
    expect(vend(1, DISPENSE_LIMITS.quantity + 1)).toBe(false);
  });
});
