import type { BankCard } from '@vendo/contract/api/bank-cards';
import type { ProfitShare } from '@vendo/contract/api/funds';
import type { SplitConfig } from '@vendo/contract/api/splits';

/** Test support for /feeSplitting and /profitSharing (imported by *.test.tsx only): the shared mock API and this feature's fixtures. */

export { answerWith, bodiesTo, fetchMock, renderScreen, type Answer } from '../../../testing/mock-api';

export function splitConfig(overrides: Partial<SplitConfig> = {}): SplitConfig {
  return {
    bank_split_id: '3',
    bank_split_name: 'Store partner',
    acct_name: '张三',
    acct_no_encry: '6225 **** **** 1234',
    bank: '308',
    main_merchant_detail: { merchant_id: '7', acct_name: '张三', acct_no_encry: '6225 **** **** 1234' },
    main_merchant_id: '7',
    main_split_percent: 6650,
    pay_channel: 'all',
    split_merchant: [
      { merchant_id: '21', acct_name: '李*四', acct_no_encry: '6222 **** **** 3445', split_percent: 3350 },
    ],
    version: 2,
    device_count: 1,
    valid: true,
    create_time: Date.UTC(2026, 2, 1),
    update_time: Date.UTC(2026, 2, 2),
    ...overrides,
  };
}

export function approvedCard(overrides: Partial<BankCard> = {}): BankCard {
  return {
    merchant_id: '7',
    mch_name: 'Coastal Snacks',
    person: '张三',
    telephone: '138****5678',
    address: '',
    prov: '',
    prov_code: '',
    city: '',
    city_code: '',
    area: '',
    area_code: '',
    bank_code: '308',
    bank: '招商银行',
    bank_branch: '',
    bank_province: '',
    bank_city: '',
    bank_no: '',
    acct_name: '张三',
    acct_no: '6225 **** **** 1234',
    acct_cert_type: '01',
    acct_cert_no: '110***********123X',
    cert_start_date: '',
    cert_expire_date: '',
    acct_mobile: '138****5678',
    review_state: 'approved',
    reject_reason: '',
    step: 2,
    images_complete: true,
    device_count: 1,
    created_by_me: true,
    source: 'account',
    create_time: Date.UTC(2026, 1, 1),
    submitted_at: Date.UTC(2026, 1, 1),
    reviewed_at: Date.UTC(2026, 1, 2),
    ...overrides,
  };
}

export function profitShare(overrides: Partial<ProfitShare> = {}): ProfitShare {
  return {
    day: '20260317',
    sn: 'SN001',
    dev_title: 'Lobby',
    merchant_id: '7',
    acct_name: '张三',
    acct_no_encry: '6225 **** **** 1234',
    role: 'main',
    income_amt: 6_650,
    refund_amt: 665,
    net_amt: 5_985,
    ...overrides,
  };
}
