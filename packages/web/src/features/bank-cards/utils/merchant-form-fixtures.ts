import type { MerchantFormValues } from './merchant-form-values';

/** A complete step 1 that passes every rule (tests): a China Merchants Bank card in Shenzhen, a Nanning store. */
export const FILLED_FORM: MerchantFormValues = {
  acct_name: '张三',
  cert_type: 'idCard',
  acct_cert_no: '11010519491231002X',
  cert_start_date: '2020-03-15',
  cert_expire_date: '2030-03-15',
  bank_code: '308',
  bank_region: {
    prov: '广东省',
    prov_code: '440000',
    city: '深圳市',
    city_code: '440300',
    s_area: '',
    s_area_code: '',
  },
  bank_branch: '招商银行',
  bank_no: '308584000013',
  acct_no: '6225 8800 0000 1234',
  acct_mobile: '13800138000',
  store_region: {
    prov: '广西壮族自治区',
    prov_code: '450000',
    city: '南宁市',
    city_code: '450100',
    s_area: '兴宁区',
    s_area_code: '450102',
  },
  address: '民族大道 100 号',
};
