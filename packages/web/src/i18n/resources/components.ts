import type { Locale } from '@vendo/contract/locales';
import { validationMessages } from '@vendo/contract/validation-messages';

/*
 * The 'components' namespace: every text of the shared components in src/components.
 * Texts that a contract rule returns as a key (time-range limits, the dot-key tip) are taken from the contract
 * catalogue, so the picker and the server never word the same rule differently.
 */

const contractKeys = [
  'noNextDay',
  'noNextWeek',
  'noNextMonth',
  'rangeStartTooEarly',
  'rangeEndAfterNow',
  'rangeEndBeforeStart',
  'dotKeyTip',
] as const;

type ContractKey = (typeof contractKeys)[number];

function fromContract(locale: Locale): Record<ContractKey, string> {
  return Object.fromEntries(contractKeys.map((key) => [key, validationMessages[key][locale]])) as Record<
    ContractKey,
    string
  >;
}

const zhCN = {
  tip: '提示',
  done: '完成',
  cancel: '取消',
  confirm: '确定',
  close: '关闭',
  save: '保存',
  delete: '删除',
  deleted: '已删除',
  noData: '暂无数据',
  loading: '加载中…',
  loadFailed: '加载失败',
  retry: '重试',
  pickTime: '请选择时间',

  pagination: '分页',
  prevPage: '上一页',
  nextPage: '下一页',
  pageN: '第 {{page}} 页',

  timeRange: '时间范围',
  today: '今日',
  thisWeek: '本周',
  thisMonth: '本月',
  custom: '自定义',
  allTime: '全部',
  startDate: '开始日期',
  endDate: '结束日期',
  prevDay: '前一天',
  nextDay: '后一天',
  prevWeek: '上一周',
  nextWeek: '下一周',
  prevMonth: '上个月',
  nextMonth: '下个月',

  operPwd: '操作密码',
  enterOperPwd: '请输入6位操作密码',
  operPwdSetHint: '还没有操作密码？请在侧边菜单中设置',
  operPwdStaffHint: '忘记操作密码？请联系主账号重置',
  operPwdVerifyFailed: '操作密码验证失败',
  verifying: '验证中…',

  appExpiredContactHelper: '应用已过期，请联系客服',
  contactNow: '立即联系',

  scanTitle: '扫一扫',
  sandbox: '沙箱',
  scanSandboxText: '沙箱环境不能打开摄像头。请粘贴或输入二维码里的内容（例如设备上的绑定链接）。',
  scanPlaceholder: '二维码内容',
};

type Catalogue = Record<keyof typeof zhCN, string>;

const zhTW: Catalogue = {
  tip: '提示',
  done: '完成',
  cancel: '取消',
  confirm: '確定',
  close: '關閉',
  save: '儲存',
  delete: '刪除',
  deleted: '已刪除',
  noData: '暫無資料',
  loading: '載入中…',
  loadFailed: '載入失敗',
  retry: '重試',
  pickTime: '請選擇時間',

  pagination: '分頁',
  prevPage: '上一頁',
  nextPage: '下一頁',
  pageN: '第 {{page}} 頁',

  timeRange: '時間範圍',
  today: '今日',
  thisWeek: '本週',
  thisMonth: '本月',
  custom: '自訂',
  allTime: '全部',
  startDate: '開始日期',
  endDate: '結束日期',
  prevDay: '前一天',
  nextDay: '後一天',
  prevWeek: '上一週',
  nextWeek: '下一週',
  prevMonth: '上個月',
  nextMonth: '下個月',

  operPwd: '操作密碼',
  enterOperPwd: '請輸入6位操作密碼',
  operPwdSetHint: '還沒有操作密碼？請在側邊選單中設定',
  operPwdStaffHint: '忘記操作密碼？請聯絡主帳號重設',
  operPwdVerifyFailed: '操作密碼驗證失敗',
  verifying: '驗證中…',

  appExpiredContactHelper: '應用已過期，請聯繫客服',
  contactNow: '立即聯繫',

  scanTitle: '掃一掃',
  sandbox: '沙箱',
  scanSandboxText: '沙箱環境不能開啟相機。請貼上或輸入二維碼裡的內容（例如設備上的綁定連結）。',
  scanPlaceholder: '二維碼內容',
};

const enUS: Catalogue = {
  tip: 'Tip',
  done: 'Done',
  cancel: 'Cancel',
  confirm: 'Confirm',
  close: 'Close',
  save: 'Save',
  delete: 'Delete',
  deleted: 'Deleted',
  noData: 'No data',
  loading: 'Loading…',
  loadFailed: 'Could not load',
  retry: 'Retry',
  pickTime: 'Choose a time',

  pagination: 'Pagination',
  prevPage: 'Previous page',
  nextPage: 'Next page',
  pageN: 'Page {{page}}',

  timeRange: 'Time range',
  today: 'Today',
  thisWeek: 'This week',
  thisMonth: 'This month',
  custom: 'Custom',
  allTime: 'All',
  startDate: 'Start date',
  endDate: 'End date',
  prevDay: 'Previous day',
  nextDay: 'Next day',
  prevWeek: 'Previous week',
  nextWeek: 'Next week',
  prevMonth: 'Previous month',
  nextMonth: 'Next month',

  operPwd: 'Operation password',
  enterOperPwd: 'Enter the 6-digit operation password',
  operPwdSetHint: 'No operation password yet? Set one in the side menu',
  operPwdStaffHint: 'Forgot the operation password? Ask the main account to reset it',
  operPwdVerifyFailed: 'Operation password verification failed',
  verifying: 'Verifying…',

  appExpiredContactHelper: 'The app has expired. Please contact support',
  contactNow: 'Contact now',

  scanTitle: 'Scan',
  sandbox: 'Sandbox',
  scanSandboxText:
    'The sandbox has no camera. Paste or type what the QR code holds (for example the bind link on the machine).',
  scanPlaceholder: 'QR code content',
};

export type ComponentsKey = keyof Catalogue | ContractKey;

const components: Record<Locale, Record<ComponentsKey, string>> = {
  'zh-CN': { ...zhCN, ...fromContract('zh-CN') },
  'zh-TW': { ...zhTW, ...fromContract('zh-TW') },
  'en-US': { ...enUS, ...fromContract('en-US') },
};

export default components;
