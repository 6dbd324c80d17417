/*
 * The permission codes of spec §6 and the names the menu uses for them. Apart from the labels (enums.ts), so
 * that the first screen's access rules do not carry every enumeration's texts.
 */

import type { ReportKind } from './api/analytics';

export const PERMISSION_CODES = [
  1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037,
  1038,
] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** The names the menu uses for each permission; Dashboard and PayBill are ours (the spec names no key). */
export const PERMISSIONS = {
  Dashboard: 1020,
  BuyBill: 1021,
  PayBill: 1028,
  BillRefund: 1031,
  ProfitVisible: 1038,
  AreaStore: 1022,
  DeviceManage: 1023,
  DeviceControl: 1030,
  DeviceTest: 1032,
  InitChannel: 1034,
  GoodsManage: 1024,
  SicArea: 1025,
  SicStore: 1026,
  SicDevice: 1027,
  Report: 1033,
  goodSum: 1035,
  Settle: 1036,
  BankManage: 1029,
  Stock: 1037,
} as const satisfies Record<string, PermissionCode>;
export type PermissionName = keyof typeof PERMISSIONS;

/** The settlement record's detail as a file (/b/settleReport, served by the funds module). */
export const SETTLEMENT_REPORT = 'settlement';
/** What can be downloaded: analytics' report kinds (/a/report) and a settlement record's detail. */
export type DownloadKind = ReportKind | typeof SETTLEMENT_REPORT;

/**
 * Report download (1033) also needs the permission of the screen whose figures the file holds: the bill lists,
 * the dashboard, the area, store, machine and goods statistics, the settlement records (1036). Server and
 * screens read the same map.
 */
export const REPORT_VIEW_PERMISSION = {
  buyBill: 'BuyBill',
  payBill: 'PayBill',
  detail: 'Dashboard',
  area: 'SicArea',
  store: 'SicStore',
  device: 'SicDevice',
  goods: 'goodSum',
  goodsDetail: 'goodSum',
  settlement: 'Settle',
} as const satisfies Record<DownloadKind, PermissionName>;
