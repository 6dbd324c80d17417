import type { ComponentType, SVGProps } from 'react';
import type home from '../../i18n/resources/home';
import type { AccessName } from '../../lib/permissions';
import {
  BellIcon,
  BoxIcon,
  CardIcon,
  KeyIcon,
  HookIcon,
  LogIcon,
  ChartIcon,
  MachineIcon,
  MegaphoneIcon,
  MemberIcon,
  PieIcon,
  PinIcon,
  ReceiptIcon,
  ScanIcon,
  StarIcon,
  StoreIcon,
  TeamIcon,
  TrendIcon,
  WarehouseIcon,
  YuanIcon,
} from './components/tile-icons';
export type TileGroup = keyof (typeof home)['zh-CN']['groups'];

export interface Tile {
  /** Key of its label in the home namespace (tiles.<key>). */
  key: keyof (typeof home)['zh-CN']['tiles'];
  to: string;
  access: AccessName;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The home grid of spec §2, group by group, each tile with the rule that shows it (spec §6). */
export const TILE_GROUPS: readonly { group: TileGroup; tiles: readonly Tile[] }[] = [
  {
    group: 'transactions',
    tiles: [
      { key: 'dashboard', to: '/dashboard', access: 'dashboard', icon: ChartIcon },
      { key: 'buyBill', to: '/buyBill', access: 'buyBill', icon: ReceiptIcon },
      { key: 'locationAnalysis', to: '/sicRegion', access: 'locationAnalysis', icon: PinIcon },
      { key: 'deviceAnalysis', to: '/sicDevice', access: 'deviceAnalysis', icon: PieIcon },
      { key: 'goodsAnalysis', to: '/sicGoods', access: 'goodsAnalysis', icon: TrendIcon },
    ],
  },
  {
    group: 'management',
    tiles: [
      { key: 'deviceBind', to: '/deviceBindEnter', access: 'deviceBind', icon: ScanIcon },
      { key: 'deviceManage', to: '/deviceManage', access: 'deviceManage', icon: MachineIcon },
      { key: 'region', to: '/region', access: 'region', icon: StoreIcon },
      { key: 'goodsManage', to: '/goodsManage', access: 'goodsManage', icon: BoxIcon },
      { key: 'activityCenter', to: '/activityCenter', access: 'activityCenter', icon: StarIcon },
      { key: 'member', to: '/member', access: 'member', icon: MemberIcon },
      { key: 'advertisement', to: '/advertisement', access: 'advertisement', icon: MegaphoneIcon },
      { key: 'stock', to: '/stock', access: 'stock', icon: WarehouseIcon },
    ],
  },
  {
    group: 'fund',
    tiles: [
      { key: 'bankCard', to: '/bankCard', access: 'bankCard', icon: CardIcon },
      { key: 'settle', to: '/settle', access: 'settle', icon: YuanIcon },
    ],
  },
  {
    group: 'account',
    tiles: [
      { key: 'staff', to: '/staff', access: 'staff', icon: TeamIcon },
      { key: 'notification', to: '/notification', access: 'notification', icon: BellIcon },
      { key: 'apiKeys', to: '/apiKeys', access: 'apiKeys', icon: KeyIcon },
      { key: 'webhooks', to: '/webhooks', access: 'webhooks', icon: HookIcon },
      { key: 'auditLog', to: '/auditLog', access: 'auditLog', icon: LogIcon },
    ],
  },
];
