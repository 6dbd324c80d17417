import type { Locale, LocaleText } from '@vendo/contract/locales';

/**
 * Names of request fields as a person reads them, so a validation answer says which field is wrong.
 * Unknown fields fall back to their key, which still names the field.
 */
const labels: Record<string, LocaleText> = {
  username: { 'zh-CN': '用户名', 'zh-TW': '使用者名稱', 'en-US': 'Username' },
  password: { 'zh-CN': '密码', 'zh-TW': '密碼', 'en-US': 'Password' },
  phone: { 'zh-CN': '手机号', 'zh-TW': '手機號', 'en-US': 'Phone' },
  code: { 'zh-CN': '验证码', 'zh-TW': '驗證碼', 'en-US': 'Verification code' },
  sign: { 'zh-CN': '校验信息', 'zh-TW': '校驗資訊', 'en-US': 'Sign' },
  mchName: { 'zh-CN': '商户名称', 'zh-TW': '商戶名稱', 'en-US': 'Merchant name' },
  business: { 'zh-CN': '经营类型', 'zh-TW': '經營類型', 'en-US': 'Business type' },
  agent: { 'zh-CN': '代理商', 'zh-TW': '代理商', 'en-US': 'Agent' },
  agentid: { 'zh-CN': '代理商', 'zh-TW': '代理商', 'en-US': 'Agent' },
  old_oper_pwd: { 'zh-CN': '旧操作密码', 'zh-TW': '舊操作密碼', 'en-US': 'Old operation password' },
  new_oper_pwd: { 'zh-CN': '新操作密码', 'zh-TW': '新操作密碼', 'en-US': 'New operation password' },
  body: { 'zh-CN': '请求内容', 'zh-TW': '請求內容', 'en-US': 'Request body' },
};

/** Labels that hold only for some calls, where a field name means something else there ("name" of a shelf). */
const byCall = new Map<string, Record<string, LocaleText>>();

export function fieldLabel(field: string, locale: Locale, callPath?: string): string {
  const direct = labelOf(field, callPath);
  if (direct) return direct[locale];
  // An item of a list without a label of its own: the list's label and the item's place from 1 ("Weekdays 2").
  const item = /^(.+)\.(\d+)$/.exec(field);
  const list = item ? labelOf(item[1]!, callPath) : undefined;
  if (item && list) return `${list[locale]} ${Number(item[2]) + 1}`;
  // A list's filter (`condition.keyword`): the call's own label of that field, where the call has one.
  const filter =
    callPath && field.startsWith(CONDITION)
      ? byCall.get(callPath)?.[field.slice(CONDITION.length)]
      : undefined;
  return filter?.[locale] ?? field;
}

const CONDITION = 'condition.';

function labelOf(field: string, callPath: string | undefined): LocaleText | undefined {
  return (callPath ? byCall.get(callPath)?.[field] : undefined) ?? labels[field];
}

/**
 * Modules register the labels of their own fields at import time: for every call, or, with `callPaths`,
 * only for those calls.
 */
export function addFieldLabels(more: Record<string, LocaleText>, callPaths?: readonly string[]): void {
  if (!callPaths) {
    Object.assign(labels, more);
    return;
  }
  for (const path of callPaths) byCall.set(path, { ...byCall.get(path), ...more });
}
