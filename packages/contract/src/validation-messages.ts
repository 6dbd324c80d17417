import type { LocaleText } from './locales';

/**
 * Every message a validation rule can return (spec §5), in each language. Rules and zod schemas return the key;
 * the form or the server's error presenter turns it into text, so both sides show the same words.
 * {field} is the field's label where a text names it.
 */
export const validationMessages = {
  required: { 'zh-CN': '不能为空', 'zh-TW': '不能為空', 'en-US': 'Cannot be empty' },
  fieldRequired: {
    'zh-CN': '{field}不能为空',
    'zh-TW': '{field}不能為空',
    'en-US': '{field} cannot be empty',
  },
  invalidValue: { 'zh-CN': '输入不正确', 'zh-TW': '輸入不正確', 'en-US': 'Invalid value' },
  numberInvalid: {
    'zh-CN': '请输入正确的数字',
    'zh-TW': '請輸入正確的數字',
    'en-US': 'Please enter a valid number',
  },
  noRepeatedDot: {
    'zh-CN': '不能重复输入小数点',
    'zh-TW': '不能重複輸入小數點',
    'en-US': 'Only one decimal point is allowed',
  },
  noDecimals: { 'zh-CN': '不能输入小数', 'zh-TW': '不能輸入小數', 'en-US': 'Decimals are not allowed' },
  /** Any text over its maximum (constants TEXT_MAX); {max} is the number of characters. */
  tooLong: { 'zh-CN': '最多{max}个字符', 'zh-TW': '最多{max}個字元', 'en-US': 'At most {max} characters' },
  /** U+0000 anywhere in a request: no text column takes it. */
  nulCharacter: {
    'zh-CN': '不能包含空字符（NUL）',
    'zh-TW': '不能包含空字元（NUL）',
    'en-US': 'Cannot contain the NUL character',
  },
  // A value of the wrong type (a number where text belongs...): what was expected.
  expectedText: { 'zh-CN': '应为文本', 'zh-TW': '應為文字', 'en-US': 'Expected text' },
  expectedNumber: { 'zh-CN': '应为数字', 'zh-TW': '應為數字', 'en-US': 'Expected a number' },
  expectedSwitch: { 'zh-CN': '应为是或否', 'zh-TW': '應為是或否', 'en-US': 'Expected true or false' },
  expectedList: { 'zh-CN': '应为列表', 'zh-TW': '應為清單', 'en-US': 'Expected a list' },
  expectedObject: { 'zh-CN': '应为一组字段', 'zh-TW': '應為一組欄位', 'en-US': 'Expected an object' },

  // Account
  phone: {
    'zh-CN': '请输入中国大陆手机号',
    'zh-TW': '請輸入中國大陸手機號',
    'en-US': 'Please enter a mainland China phone number',
  },
  servicePhone: {
    'zh-CN': '请输入正确的电话：手机、座机或400/800号码',
    'zh-TW': '請輸入正確的電話：手機、座機或400/800號碼',
    'en-US': 'Please enter a valid phone: mobile, landline or 400/800 number',
  },
  passwordTooShort: {
    'zh-CN': '密码至少6位',
    'zh-TW': '密碼至少6位',
    'en-US': 'Password needs at least 6 characters',
  },
  passwordTooLong: {
    'zh-CN': '密码最多128位',
    'zh-TW': '密碼最多128位',
    'en-US': 'Password can have at most 128 characters',
  },
  passwordsDiffer: {
    'zh-CN': '两次输入的密码不一致',
    'zh-TW': '兩次輸入的密碼不一致',
    'en-US': 'Passwords differ',
  },
  operPwdSixDigits: {
    'zh-CN': '操作密码须为6位数字',
    'zh-TW': '操作密碼須為6位數字',
    'en-US': 'Operation password must be 6 digits',
  },
  operPwdSameAsOld: {
    'zh-CN': '新操作密码不能与旧密码相同',
    'zh-TW': '新操作密碼不能與舊密碼相同',
    'en-US': 'New operation password must differ from the old one',
  },
  dotKeyTip: {
    'zh-CN': '操作密码只能输入数字',
    'zh-TW': '操作密碼只能輸入數字',
    'en-US': 'The operation password takes digits only',
  },
  suffixTooShort: {
    'zh-CN': '后缀至少3位',
    'zh-TW': '後綴至少3位',
    'en-US': 'Suffix needs at least 3 characters',
  },
  suffixInvalid: {
    'zh-CN': '后缀只能包含字母和数字',
    'zh-TW': '後綴只能包含字母和數字',
    'en-US': 'Suffix may contain letters and digits only',
  },
  suffixTaken: {
    'zh-CN': '该后缀已被使用',
    'zh-TW': '該後綴已被使用',
    'en-US': 'This suffix is already taken',
  },
  accountTaken: { 'zh-CN': '该账号已存在', 'zh-TW': '該帳號已存在', 'en-US': 'This account already exists' },
  accountInvalid: {
    'zh-CN': '账号只能包含字母、数字、下划线、点和横线，最多32位',
    'zh-TW': '帳號只能包含字母、數字、底線、點和橫線，最多32位',
    'en-US': 'Account may contain letters, digits, _ . and - only, at most 32',
  },
  roleNameTaken: {
    'zh-CN': '已有同名角色',
    'zh-TW': '已有同名角色',
    'en-US': 'A role with this name already exists',
  },
  timeInvalid: {
    'zh-CN': '请输入正确的时间（时:分）',
    'zh-TW': '請輸入正確的時間（時:分）',
    'en-US': 'Please enter a time as HH:mm',
  },
  codeMismatch: {
    'zh-CN': '验证码不匹配',
    'zh-TW': '驗證碼不匹配',
    'en-US': 'Verification code does not match',
  },
  loginEmpty: {
    'zh-CN': '用户名和密码不能为空',
    'zh-TW': '使用者名稱和密碼不能為空',
    'en-US': 'Username and password cannot be empty',
  },
  linkAccountEmpty: {
    'zh-CN': '请填写账号和密码',
    'zh-TW': '請填寫帳號和密碼',
    'en-US': 'Please fill in account and password',
  },
  roleNoPermission: {
    'zh-CN': '请至少选择一项权限',
    'zh-TW': '請至少選擇一項權限',
    'en-US': 'Please choose at least one permission',
  },

  // Names, goods and shelves
  specialSymbols: {
    'zh-CN': '不能包含特殊符号',
    'zh-TW': '不能包含特殊符號',
    'en-US': 'Special symbols are not allowed',
  },
  priceMin: {
    'zh-CN': '价格至少0.02元',
    'zh-TW': '價格至少0.02元',
    'en-US': 'Price must be at least 0.02 yuan',
  },
  priceCents: {
    'zh-CN': '价格精确到分',
    'zh-TW': '價格精確到分',
    'en-US': 'Price must be precise to the cent',
  },
  /** A price range's upper bound below its lower one (the bill lists' amount filter). */
  priceEndBelowStart: {
    'zh-CN': '不能低于最低金额',
    'zh-TW': '不能低於最低金額',
    'en-US': 'Cannot be below the lowest amount',
  },
  /** The same, said by a form beside the field, naming it (the server's answer names it by its "field:" prefix). */
  priceEndBelowStartNamed: {
    'zh-CN': '最高金额不能低于最低金额',
    'zh-TW': '最高金額不能低於最低金額',
    'en-US': 'Highest amount cannot be below the lowest amount',
  },
  tagsMax: { 'zh-CN': '标签最多2个', 'zh-TW': '標籤最多2個', 'en-US': 'At most 2 tags' },
  tagsComma: {
    'zh-CN': '标签不能包含英文逗号',
    'zh-TW': '標籤不能包含英文逗號',
    'en-US': 'Tags cannot contain an English comma',
  },
  detailImagesMax: { 'zh-CN': '详情图最多8张', 'zh-TW': '詳情圖最多8張', 'en-US': 'At most 8 detail images' },
  winRateMax: {
    'zh-CN': '中奖概率不能超过100%',
    'zh-TW': '中獎機率不能超過100%',
    'en-US': 'Win probability cannot exceed 100%',
  },
  quantityOverCapacity: {
    'zh-CN': '库存不能超过最大容量',
    'zh-TW': '庫存不能超過最大容量',
    'en-US': 'Quantity cannot exceed the capacity',
  },
  capacityBelowQuantity: {
    'zh-CN': '最大容量不能小于库存',
    'zh-TW': '最大容量不能小於庫存',
    'en-US': 'Capacity cannot be below the quantity',
  },
  slotIdZero: { 'zh-CN': '货道编号不能为0', 'zh-TW': '貨道編號不能為0', 'en-US': 'Slot number cannot be 0' },
  slotIdDuplicate: {
    'zh-CN': '货道编号不能重复',
    'zh-TW': '貨道編號不能重複',
    'en-US': 'Slot number is used by another slot',
  },
  dispenseQuantityZero: {
    'zh-CN': '出货数量不能为0',
    'zh-TW': '出貨數量不能為0',
    'en-US': 'Dispense quantity cannot be 0',
  },
  /** A remote dispense of more than the shelf holds (the server answers "shelf out of stock"); {stock} its quantity. */
  dispenseOverStock: {
    'zh-CN': '出货数量不能超过货道库存（{stock}）',
    'zh-TW': '出貨數量不能超過貨道庫存（{stock}）',
    'en-US': 'Dispense quantity cannot exceed the shelf stock ({stock})',
  },
  dispenseQuantityOne: {
    'zh-CN': '扭蛋机和格子机每次只能出货1个',
    'zh-TW': '扭蛋機和格子機每次只能出貨1個',
    'en-US': 'Capsule and lattice machines dispense 1 at a time',
  },
  refundAmountZero: {
    'zh-CN': '退款金额不能为0',
    'zh-TW': '退款金額不能為0',
    'en-US': 'Refund amount cannot be 0',
  },
  refundAmountOver: {
    'zh-CN': '退款金额不能超过可退金额',
    'zh-TW': '退款金額不能超過可退金額',
    'en-US': 'Refund amount cannot exceed what is left of the order amount',
  },

  // Devices and ads
  snNumeric: {
    'zh-CN': '序列号只能是数字',
    'zh-TW': '序號只能是數字',
    'en-US': 'Serial number must be numeric',
  },
  bindFieldsEmpty: {
    'zh-CN': '请填写完整的绑定信息',
    'zh-TW': '請填寫完整的綁定資訊',
    'en-US': 'Please fill in all binding fields',
  },
  urlInvalid: {
    'zh-CN': '请输入正确的链接',
    'zh-TW': '請輸入正確的連結',
    'en-US': 'Please enter a valid link',
  },

  // Merchant (bank card) form
  idNumberLength: {
    'zh-CN': '身份证号须为18位',
    'zh-TW': '身分證號須為18位',
    'en-US': 'ID number must be 18 characters',
  },
  idNumberInvalid: {
    'zh-CN': '身份证号格式不正确',
    'zh-TW': '身分證號格式不正確',
    'en-US': 'ID number format is invalid',
  },
  idNumberCheckDigit: {
    'zh-CN': '身份证号校验位不正确，请核对号码',
    'zh-TW': '身分證號校驗位不正確，請核對號碼',
    'en-US': "The ID number's check digit is wrong, check the number",
  },
  certContactSupport: {
    'zh-CN': '该证件类型请联系客服办理',
    'zh-TW': '該證件類型請聯繫客服辦理',
    'en-US': 'For this certificate type please contact support',
  },
  bankNoInvalid: {
    'zh-CN': '联行号须为12位数字',
    'zh-TW': '聯行號須為12位數字',
    'en-US': 'The branch number (CNAPS) must be 12 digits',
  },
  imageIdInvalid: {
    'zh-CN': '图片无效，请重新上传',
    'zh-TW': '圖片無效，請重新上傳',
    'en-US': 'Invalid image, upload it again',
  },
  cardNumberInvalid: {
    'zh-CN': '请输入正确的银行卡号',
    'zh-TW': '請輸入正確的銀行卡號',
    'en-US': 'Please enter a valid bank card number',
  },
  pickBank: { 'zh-CN': '请先选择银行', 'zh-TW': '請先選擇銀行', 'en-US': 'Please pick the bank first' },
  pickBankRegion: {
    'zh-CN': '请先选择开户行地区',
    'zh-TW': '請先選擇開戶行地區',
    'en-US': 'Please pick the bank region first',
  },
  validityInvalid: {
    'zh-CN': '证件有效期不正确，请核对起止日期',
    'zh-TW': '證件有效期不正確，請核對起止日期',
    'en-US': 'Invalid validity period, check the start and end dates',
  },
  validityExpired: { 'zh-CN': '证件已过期', 'zh-TW': '證件已過期', 'en-US': 'The certificate has expired' },
  startAfterEnd: {
    'zh-CN': '开始日期不能晚于结束日期',
    'zh-TW': '開始日期不能晚於結束日期',
    'en-US': 'Start date cannot be after the end date',
  },
  imagesIncomplete: {
    'zh-CN': '请上传全部图片',
    'zh-TW': '請上傳全部圖片',
    'en-US': 'Please upload all images',
  },

  // Time-range picker
  rangeStartTooEarly: {
    'zh-CN': '开始时间超出可查询范围',
    'zh-TW': '開始時間超出可查詢範圍',
    'en-US': 'The start is too far back',
  },
  rangeEndAfterNow: {
    'zh-CN': '结束时间不能晚于当前时间',
    'zh-TW': '結束時間不能晚於目前時間',
    'en-US': 'The end cannot be in the future',
  },
  /** A do-not-disturb window whose end is its start (a start after the end is an overnight window). */
  dndSameTime: {
    'zh-CN': '免打扰结束时间不能与开始时间相同',
    'zh-TW': '免打擾結束時間不能與開始時間相同',
    'en-US': 'The do-not-disturb end cannot be the same as its start',
  },
  rangeEndBeforeStart: {
    'zh-CN': '结束时间不能早于开始时间',
    'zh-TW': '結束時間不能早於開始時間',
    'en-US': 'The end cannot be before the start',
  },
  noNextDay: {
    'zh-CN': '没有下一天的数据',
    'zh-TW': '沒有下一天的資料',
    'en-US': 'No data for the next day',
  },
  noNextWeek: {
    'zh-CN': '没有下一周的数据',
    'zh-TW': '沒有下一週的資料',
    'en-US': 'No data for the next week',
  },
  noNextMonth: {
    'zh-CN': '没有下个月的数据',
    'zh-TW': '沒有下個月的資料',
    'en-US': 'No data for the next month',
  },

  // Analytics
  onePlace: {
    'zh-CN': '请选择一个区域、门店或设备',
    'zh-TW': '請選擇一個區域、門店或設備',
    'en-US': 'Choose exactly one area, store or machine',
  },
} satisfies Record<string, LocaleText>;

export type ValidationKey = keyof typeof validationMessages;

/** Whether a string (e.g. a zod issue message) is one of our keys. */
export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.hasOwn(validationMessages, value);
}
