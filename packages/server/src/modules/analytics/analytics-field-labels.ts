import * as api from '@vendo/contract/api/analytics';
import type { LocaleText } from '@vendo/contract/locales';
import { addFieldLabels } from '../../platform/field-labels';

/** Names of the analytics calls' fields, so a refused field is named in the answer (platform/field-labels.ts). */
const labels: Record<string, LocaleText> = {
  'condition.start_time': { 'zh-CN': '开始时间', 'zh-TW': '開始時間', 'en-US': 'Start time' },
  'condition.end_time': { 'zh-CN': '结束时间', 'zh-TW': '結束時間', 'en-US': 'End time' },
  'condition.area': { 'zh-CN': '区域', 'zh-TW': '區域', 'en-US': 'Area' },
  'condition.store': { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Store' },
  'condition.sn': { 'zh-CN': '设备序列号', 'zh-TW': '設備序號', 'en-US': 'Serial number' },
  'condition.goods_id': { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  'condition.type': { 'zh-CN': '设备类型', 'zh-TW': '設備類型', 'en-US': 'Machine type' },
  'condition.bucket': { 'zh-CN': '统计方式', 'zh-TW': '統計方式', 'en-US': 'Grouping' },
  'condition.sort_attr': { 'zh-CN': '排序方式', 'zh-TW': '排序方式', 'en-US': 'Sort by' },
  'condition.top': { 'zh-CN': '排名数量', 'zh-TW': '排名數量', 'en-US': 'Ranking length' },
  kind: { 'zh-CN': '报表类型', 'zh-TW': '報表類型', 'en-US': 'Report' },
  format: { 'zh-CN': '文件格式', 'zh-TW': '檔案格式', 'en-US': 'File format' },
  pageNum: { 'zh-CN': '页码', 'zh-TW': '頁碼', 'en-US': 'Page' },
  pageSize: { 'zh-CN': '每页数量', 'zh-TW': '每頁數量', 'en-US': 'Page size' },
};

// Only for these calls: other calls name fields like kind or type for other things.
addFieldLabels(
  labels,
  [
    api.overview,
    api.detail,
    api.storeDays,
    api.devDays,
    api.goodSum,
    api.goodSumForG,
    api.areaList,
    api.storeList,
    api.deviceList,
    api.deviceOverview,
    api.dayOrder,
    api.hoursOrder,
    api.days,
    api.hours,
    api.goodsHours,
    api.goodsDay,
    api.goodStore,
    api.report,
  ].map((c) => c.path),
);
