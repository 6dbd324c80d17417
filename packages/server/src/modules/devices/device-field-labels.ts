import type { LocaleText } from '@vendo/contract/locales';
import * as api from '@vendo/contract/api/devices';
import { DISPENSE_LIMITS, MAX_CUSTOM_PARAMS, MAX_GAME_PACKAGES } from '@vendo/contract/device-protocol';
import { addFieldLabels } from '../../platform/field-labels';

/** Names of the device calls' fields, so a refused field is named in the answer (platform/field-labels.ts). */
const labels: Record<string, LocaleText> = {
  sn: { 'zh-CN': '设备序列号', 'zh-TW': '設備序號', 'en-US': 'Serial number' },
  clientid: { 'zh-CN': '设备编码', 'zh-TW': '設備編碼', 'en-US': 'Device code' },
  title: { 'zh-CN': '设备名称', 'zh-TW': '設備名稱', 'en-US': 'Device name' },
  type: { 'zh-CN': '设备类型', 'zh-TW': '設備類型', 'en-US': 'Device type' },
  'condition.sn': { 'zh-CN': '设备序列号', 'zh-TW': '設備序號', 'en-US': 'Serial number' },
  'condition.title': { 'zh-CN': '设备名称', 'zh-TW': '設備名稱', 'en-US': 'Device name' },
  'condition.area': { 'zh-CN': '区域', 'zh-TW': '區域', 'en-US': 'Area' },
  'condition.store': { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Store' },
  'condition.alive': { 'zh-CN': '在线状态', 'zh-TW': '在線狀態', 'en-US': 'Online status' },
  'condition.merchant_id': { 'zh-CN': '收款商户', 'zh-TW': '收款商戶', 'en-US': 'Payout merchant' },
  pageNum: { 'zh-CN': '页码', 'zh-TW': '頁碼', 'en-US': 'Page' },
  pageSize: { 'zh-CN': '每页数量', 'zh-TW': '每頁數量', 'en-US': 'Page size' },
  store_id: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Store' },
  id: { 'zh-CN': '货道', 'zh-TW': '貨道', 'en-US': 'Shelf' },
  name: { 'zh-CN': '货道名称', 'zh-TW': '貨道名稱', 'en-US': 'Shelf name' },
  price: { 'zh-CN': '价格', 'zh-TW': '價格', 'en-US': 'Price' },
  game_price: { 'zh-CN': '游戏价格', 'zh-TW': '遊戲價格', 'en-US': 'Game price' },
  quantity: { 'zh-CN': '库存', 'zh-TW': '庫存', 'en-US': 'Quantity' },
  capacity: { 'zh-CN': '最大容量', 'zh-TW': '最大容量', 'en-US': 'Capacity' },
  probability: { 'zh-CN': '中奖概率', 'zh-TW': '中獎機率', 'en-US': 'Win probability' },
  difficulty: { 'zh-CN': '难度', 'zh-TW': '難度', 'en-US': 'Difficulty' },
  enabled: { 'zh-CN': '启用状态', 'zh-TW': '啟用狀態', 'en-US': 'Enabled' },
  goods_id: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  channel: { 'zh-CN': '货道编号', 'zh-TW': '貨道編號', 'en-US': 'Shelf numbers' },
  channel_num: { 'zh-CN': '货道数量', 'zh-TW': '貨道數量', 'en-US': 'Number of shelves' },
  channel_sn: { 'zh-CN': '货道编号', 'zh-TW': '貨道編號', 'en-US': 'Shelf number' },
  goods: { 'zh-CN': '出货商品', 'zh-TW': '出貨商品', 'en-US': 'Goods to dispense' },
  road: { 'zh-CN': '货道编号', 'zh-TW': '貨道編號', 'en-US': 'Shelf number' },
  'attach.times': { 'zh-CN': '测试次数', 'zh-TW': '測試次數', 'en-US': 'Test runs' },
  dev: { 'zh-CN': '控制对象', 'zh-TW': '控制對象', 'en-US': 'Target' },
  motion: { 'zh-CN': '操作', 'zh-TW': '操作', 'en-US': 'Action' },
  setting: { 'zh-CN': '灯光开关', 'zh-TW': '燈光開關', 'en-US': 'Lamp switch' },
  'attach.color': { 'zh-CN': '灯光颜色', 'zh-TW': '燈光顏色', 'en-US': 'Lamp colour' },
  'attach.brightness': { 'zh-CN': '灯光亮度', 'zh-TW': '燈光亮度', 'en-US': 'Lamp brightness' },
  // Settings (spec §3 device detail)
  power_ctrl: { 'zh-CN': '定时开关机', 'zh-TW': '定時開關機', 'en-US': 'Scheduled power' },
  power_on: { 'zh-CN': '开机时间', 'zh-TW': '開機時間', 'en-US': 'Power-on time' },
  power_off: { 'zh-CN': '关机时间', 'zh-TW': '關機時間', 'en-US': 'Power-off time' },
  buy_mode: { 'zh-CN': '购买模式', 'zh-TW': '購買模式', 'en-US': 'Buy mode' },
  same_gp: { 'zh-CN': '统一游戏价格', 'zh-TW': '統一遊戲價格', 'en-US': 'Same game price' },
  same_pb: { 'zh-CN': '统一中奖概率', 'zh-TW': '統一中獎機率', 'en-US': 'Same probability' },
  game_package: { 'zh-CN': '游戏套餐', 'zh-TW': '遊戲套餐', 'en-US': 'Game packages' },
  game_black: { 'zh-CN': '游戏黑名单', 'zh-TW': '遊戲黑名單', 'en-US': 'Game blacklist' },
  channel_x: { 'zh-CN': '货道列数', 'zh-TW': '貨道列數', 'en-US': 'Shelf columns' },
  ad_mode: { 'zh-CN': '广告模式', 'zh-TW': '廣告模式', 'en-US': 'Ad mode' },
  game_mode: { 'zh-CN': '游戏模式', 'zh-TW': '遊戲模式', 'en-US': 'Game mode' },
  lamp_ctrl: { 'zh-CN': '灯光开关', 'zh-TW': '燈光開關', 'en-US': 'Lamp switch' },
  lamp_color: { 'zh-CN': '灯光颜色', 'zh-TW': '燈光顏色', 'en-US': 'Lamp colour' },
  lamp_brightness: { 'zh-CN': '灯光亮度', 'zh-TW': '燈光亮度', 'en-US': 'Lamp brightness' },
  lamp_style: { 'zh-CN': '灯光样式', 'zh-TW': '燈光樣式', 'en-US': 'Lamp style' },
  stock_notify_threshold: {
    'zh-CN': '库存提醒阈值',
    'zh-TW': '庫存提醒閾值',
    'en-US': 'Low-stock threshold',
  },
  cool_down: { 'zh-CN': '冷却时间', 'zh-TW': '冷卻時間', 'en-US': 'Cool-down' },
  extend: { 'zh-CN': '自定义参数', 'zh-TW': '自訂參數', 'en-US': 'Custom parameters' },
};

// List items are named by their field: goods.3.quantity reads "quantity", channel.2.channel_sn "shelf number".
const items: Array<[string, number, string[]]> = [
  ['goods', DISPENSE_LIMITS.items, ['quantity', 'channel_sn']],
  ['channel', api.MAX_SHELVES, ['channel_sn', 'id']],
  ['game_package', MAX_GAME_PACKAGES, ['plays', 'price']],
  ['extend', MAX_CUSTOM_PARAMS, ['key', 'value', 'note']],
];
const itemLabels: Record<string, LocaleText> = {
  plays: { 'zh-CN': '游戏次数', 'zh-TW': '遊戲次數', 'en-US': 'Plays' },
  key: { 'zh-CN': '参数名', 'zh-TW': '參數名', 'en-US': 'Parameter name' },
  value: { 'zh-CN': '参数值', 'zh-TW': '參數值', 'en-US': 'Parameter value' },
  note: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Note' },
};
for (const [list, count, fields] of items) {
  for (let i = 0; i < count; i++) {
    for (const field of fields) {
      const label = itemLabels[field] ?? labels[field];
      if (label) labels[`${list}.${i}.${field}`] = label;
    }
  }
}

// Only for the device calls: "name" there is a shelf's name, elsewhere an area's or a store's.
const devicePaths = Object.values(api).flatMap((value) =>
  typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string'
    ? [value.path]
    : [],
);
addFieldLabels(labels, devicePaths);
// /c/setQuantity's "type" is whether to fill or empty every shelf, not the device type.
addFieldLabels({ type: { 'zh-CN': '补满或清空', 'zh-TW': '補滿或清空', 'en-US': 'Fill or empty' } }, [
  api.setQuantity.path,
]);
// "attach" holds a test's runs on /d/testOut and the lamp's colour and brightness on /d/switchLED.
addFieldLabels({ attach: { 'zh-CN': '测试参数', 'zh-TW': '測試參數', 'en-US': 'Test options' } }, [
  api.testOut.path,
]);
addFieldLabels({ attach: { 'zh-CN': '灯光参数', 'zh-TW': '燈光參數', 'en-US': 'Lamp options' } }, [
  api.switchLED.path,
]);
