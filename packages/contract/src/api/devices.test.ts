import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../enums';
import {
  bindDevice,
  devOnlineCount,
  editDev,
  getDev,
  getDevChannel,
  getResetC,
  onlineShopAlive,
  power,
  putDownGoods,
  remoteOuting,
  resetId,
  setChannelInfo,
  setChannelNum,
  setQuantity,
  switchLED,
  testOut,
  unbindDevice,
} from './devices';

function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return result.error?.issues[0];
}

describe('device calls', () => {
  it('declare the permissions of spec §6', () => {
    expect(bindDevice.mainOnly).toBe(true);
    expect(unbindDevice.mainOnly).toBe(true);
    for (const call of [getDev, editDev, getDevChannel, setChannelInfo, putDownGoods, setQuantity]) {
      expect(call.perm, call.path).toBe(PERMISSIONS.DeviceManage);
    }
    for (const call of [remoteOuting, power, switchLED, onlineShopAlive]) {
      expect(call.perm, call.path).toBe(PERMISSIONS.DeviceControl);
    }
    expect(testOut.perm).toBe(PERMISSIONS.DeviceTest);
    for (const call of [getResetC, resetId, setChannelNum])
      expect(call.perm, call.path).toBe(PERMISSIONS.InitChannel);
    expect(devOnlineCount.perm).toBeUndefined();
    expect(devOnlineCount.mainOnly).toBeUndefined();
  });

  it('asks for all four bind fields with the empty-field message', () => {
    const full = { clientid: 'c', title: 'Lobby', sign: 's', type: 'vm' };
    expect(bindDevice.request.safeParse(full).success).toBe(true);
    for (const field of ['clientid', 'title', 'sign', 'type'] as const) {
      for (const empty of [undefined, '', '  ']) {
        const issue = firstIssue(bindDevice.request.safeParse({ ...full, [field]: empty }));
        expect(issue?.message, `${field}=${String(empty)}`).toBe('bindFieldsEmpty');
        expect(issue?.path).toEqual([field]);
      }
    }
    expect(firstIssue(bindDevice.request.safeParse({ ...full, type: 'car' }))?.message).toBe('invalidValue');
  });

  it('refuses a non-numeric serial-number search', () => {
    expect(firstIssue(getDev.request.safeParse({ condition: { sn: '12a' } }))?.message).toBe('snNumeric');
    const parsed = getDev.request.parse({ condition: { alive: 'true', area: '' } });
    expect(parsed.condition).toEqual({ alive: 1, area: undefined });
    expect(getDev.request.parse({})).toMatchObject({ pageNum: 1, pageSize: 10, condition: {} });
  });

  it('applies the shelf rules of spec §5', () => {
    const shelf = {
      sn: '1',
      id: 1,
      name: 'Cola',
      price: 300,
      game_price: 100,
      quantity: 5,
      capacity: 10,
      probability: 30,
      goods_id: null,
    };
    expect(setChannelInfo.request.safeParse(shelf).success).toBe(true);
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, price: 1 }))?.message).toBe('priceMin');
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, game_price: 2.5 }))?.message).toBe(
      'priceCents',
    );
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, probability: 101 }))?.message).toBe(
      'winRateMax',
    );
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, probability: 10.5 }))?.message).toBe(
      'noDecimals',
    );
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, quantity: 11 }))?.message).toBe(
      'quantityOverCapacity',
    );
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, name: 'Cola<script>' }))?.message).toBe(
      'specialSymbols',
    );
    expect(firstIssue(setChannelInfo.request.safeParse({ ...shelf, name: '' }))?.message).toBe('required');
  });

  it('refuses slot numbers 0 and duplicates', () => {
    const ok = {
      sn: '1',
      channel: [
        { id: 1, channel_sn: 1 },
        { id: 2, channel_sn: 2 },
      ],
    };
    expect(resetId.request.safeParse(ok).success).toBe(true);
    const zero = { sn: '1', channel: [{ id: 1, channel_sn: 0 }] };
    expect(firstIssue(resetId.request.safeParse(zero))).toMatchObject({
      message: 'slotIdZero',
      path: ['channel', 0, 'channel_sn'],
    });
    const dup = {
      sn: '1',
      channel: [
        { id: 1, channel_sn: 3 },
        { id: 2, channel_sn: 3 },
      ],
    };
    expect(firstIssue(resetId.request.safeParse(dup))?.message).toBe('slotIdDuplicate');
  });

  it('refuses a remote dispense of 0', () => {
    const issue = firstIssue(
      remoteOuting.request.safeParse({ sn: '1', goods: [{ channel_sn: 1, quantity: 0 }] }),
    );
    expect(issue).toMatchObject({ message: 'dispenseQuantityZero', path: ['goods', 0, 'quantity'] });
  });

  it('pairs dev all with the settings refresh only', () => {
    expect(power.request.safeParse({ sn: '1', dev: 'all', motion: 'setting' }).success).toBe(true);
    expect(power.request.safeParse({ sn: '1', dev: 'dev', motion: 'reboot' }).success).toBe(true);
    expect(power.request.safeParse({ sn: '1', dev: 'all', motion: 'off' }).success).toBe(false);
    expect(power.request.safeParse({ sn: '1', dev: 'dtu', motion: 'setting' }).success).toBe(false);
  });

  it('keeps fixed settings fixed in edits and leaves out what is not sent', () => {
    expect(editDev.request.parse({ sn: '1', title: 'Hall' })).toEqual({ sn: '1', title: 'Hall' });
    expect(editDev.request.safeParse({ sn: '1', channel_y: 6 }).success).toBe(false);
    expect(editDev.request.safeParse({ sn: '1', channel_y: 5, pay_page: 0 }).success).toBe(true);
    expect(setChannelNum.request.safeParse({ sn: '1', channel_num: 0 }).success).toBe(false);
    expect(setQuantity.request.parse({ sn: '1', type: '1' }).type).toBe(1);
  });
});
