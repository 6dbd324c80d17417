import { lazyComponent } from '../../../lib/lazy-component';
import type { DeviceSheetsState } from './use-device-sheets';

// Each sheet is its own chunk with its sheet around it: the list opens without them, and one loads when first
// opened, so that it slides up filled.
const SettingsSheet = lazyComponent(() => import('./settings-sheet').then((m) => m.SettingsSheet));
const ShelvesSheet = lazyComponent(() => import('./shelves-sheet').then((m) => m.ShelvesSheet));
const RemoteSheet = lazyComponent(() => import('./remote-sheet').then((m) => m.RemoteSheet));
const InventorySheet = lazyComponent(() => import('./inventory-sheet').then((m) => m.InventorySheet));
const PayoutSheet = lazyComponent(() => import('./payout-sheet').then((m) => m.PayoutSheet));
const SplitSheet = lazyComponent(() => import('./split-sheet').then((m) => m.SplitSheet));

/** The sheets of the device list that have been opened, showing or sliding away. */
export function DeviceSheets({ state }: { state: DeviceSheetsState }) {
  const { sheets, close, reverify } = state;
  const { settings, shelves, remote, test, inventory, payout, split } = sheets;
  return (
    <>
      {settings ? (
        <SettingsSheet visible={settings.open} device={settings.device} onClose={() => close('settings')} />
      ) : null}
      {shelves ? (
        <ShelvesSheet visible={shelves.open} device={shelves.device} onClose={() => close('shelves')} />
      ) : null}
      {inventory ? (
        <InventorySheet
          visible={inventory.open}
          device={inventory.device}
          onClose={() => close('inventory')}
        />
      ) : null}
      {payout ? (
        <PayoutSheet visible={payout.open} device={payout.device} onClose={() => close('payout')} />
      ) : null}
      {split ? (
        <SplitSheet visible={split.open} device={split.device} onClose={() => close('split')} />
      ) : null}
      {remote ? (
        <RemoteSheet
          visible={remote.open}
          device={remote.device}
          sign={remote.sign}
          mode="remote"
          onClose={() => close('remote')}
          onSignExpired={() => reverify('remote', remote.device)}
        />
      ) : null}
      {test ? (
        <RemoteSheet
          visible={test.open}
          device={test.device}
          sign={test.sign}
          mode="test"
          onClose={() => close('test')}
          onSignExpired={() => reverify('test', test.device)}
        />
      ) : null}
    </>
  );
}
