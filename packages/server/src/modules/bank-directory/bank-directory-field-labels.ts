import { getBankNo, getBankSubList } from '@vendo/contract/api/bank-directory';
import { addFieldLabels } from '../../platform/field-labels';

/** The directory calls' fields as the merchant form names them ("Bank province: please pick the bank first"). */
addFieldLabels(
  {
    head_bank: { 'zh-CN': '开户银行', 'zh-TW': '開戶銀行', 'en-US': 'Bank' },
    bank_code: { 'zh-CN': '开户银行', 'zh-TW': '開戶銀行', 'en-US': 'Bank' },
    province: { 'zh-CN': '开户省份', 'zh-TW': '開戶省份', 'en-US': 'Bank province' },
    city: { 'zh-CN': '开户城市', 'zh-TW': '開戶城市', 'en-US': 'Bank city' },
    keyword: { 'zh-CN': '支行关键字', 'zh-TW': '支行關鍵字', 'en-US': 'Branch keyword' },
  },
  [getBankNo.path, getBankSubList.path],
);
