import type { Device } from '@vendo/contract/api/devices';
import { useState } from 'react';
import type { OperSign, useOperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';

export type SheetKind = 'settings' | 'shelves' | 'remote' | 'test' | 'inventory' | 'payout' | 'split';

/** A sheet once opened: its device (kept while it slides away), the operator sign it got, and whether it shows. */
export interface SheetState {
  device: Device;
  sign: OperSign;
  open: boolean;
}

/** Which of a device's sheets are open (settings, shelves, remote, test, inventory, payout), each with its device. */
export function useDeviceSheets(guard: ReturnType<typeof useOperGuard>) {
  const [sheets, setSheets] = useState<Partial<Record<SheetKind, SheetState>>>({});

  const open = (kind: SheetKind, device: Device, sign: OperSign = undefined) =>
    setSheets((all) => ({ ...all, [kind]: { device, sign, open: true } }));
  const close = (kind: SheetKind) =>
    setSheets((all) => {
      const sheet = all[kind];
      return sheet ? { ...all, [kind]: { ...sheet, open: false } } : all;
    });

  /** Remote control found the operator session over: close, verify again, and reopen (spec §4). */
  const reverify = (kind: SheetKind, device: Device) => {
    guard.expire();
    close(kind);
    guard.guard((sign) => open(kind, device, sign));
  };

  return { sheets, open, close, reverify };
}

export type DeviceSheetsState = ReturnType<typeof useDeviceSheets>;
