import { PERMISSIONS } from '@vendo/contract/enums';
import { describe, expect, it } from 'vitest';
import { app, makeUser } from '../../../lib/test-fixtures';
import { canNumberShelves, consoleEnabled, controlEntry, deviceAccess, storeStockPath } from './access';

const NOW = 1_800_000_000_000;
const YEAR = 365 * 86_400_000;
const withDevice = (overrides: Parameters<typeof makeUser>[0] = {}) => {
  const user = makeUser(overrides, NOW);
  return { ...user, appList: [...user.appList, app('Device', NOW + YEAR)] };
};
const staff = (...perms: number[]) => withDevice({ isMain: false, havePerms: perms });

describe('device access (spec §6)', () => {
  it('needs the Device app, then the main account or device management', () => {
    expect(deviceAccess(withDevice(), NOW)).toBe('ok');
    expect(deviceAccess(makeUser({}, NOW), NOW)).toBe('noApp');
    expect(deviceAccess(staff(PERMISSIONS.DeviceManage), NOW)).toBe('ok');
    expect(deviceAccess(staff(PERMISSIONS.GoodsManage), NOW)).toBe('noPermission');
    expect(deviceAccess(null, NOW)).toBe('noPermission');
  });

  it('offers remote control to the main account or DeviceControl, else the test entry to DeviceTest', () => {
    expect(controlEntry(withDevice())).toBe('remote');
    expect(controlEntry(staff(PERMISSIONS.DeviceControl))).toBe('remote');
    expect(controlEntry(staff(PERMISSIONS.DeviceTest))).toBe('test');
    expect(controlEntry(staff(PERMISSIONS.DeviceManage))).toBeNull();
  });

  it('leaves shelf numbering to the main account and InitChannel', () => {
    expect(canNumberShelves(withDevice())).toBe(true);
    expect(canNumberShelves(staff(PERMISSIONS.InitChannel))).toBe(true);
    expect(canNumberShelves(staff(PERMISSIONS.DeviceManage))).toBe(false);
  });

  it('shows the debug console only when the Account app sets console_enable to 1', () => {
    const user = withDevice();
    const account = (value: string) => ({
      ...user,
      appList: user.appList.map((a) =>
        a.app_module_name === 'Account' ? { ...a, extend: [{ name: 'console_enable', value }] } : a,
      ),
    });
    expect(consoleEnabled(user)).toBe(false);
    expect(consoleEnabled(account('0'))).toBe(false);
    expect(consoleEnabled(account('1'))).toBe(true);
  });

  it('links a device in a store to its stock page while the Stock app is usable', () => {
    expect(storeStockPath(withDevice(), 7, NOW)).toBe('/stock?tab=stores&store=7');
    expect(storeStockPath(withDevice(), null, NOW)).toBeNull();
    expect(storeStockPath(withDevice(), 7, NOW + 2 * YEAR)).toBeNull();
    expect(storeStockPath(staff(PERMISSIONS.DeviceManage), 7, NOW)).toBeNull();
  });
});
