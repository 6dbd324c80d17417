import type { FundAccount, Settlement } from '@vendo/contract/api/funds';

/** Test support for /fund and /settle (imported by *.test.tsx only): the shared mock API and this feature's fixtures. */

export { answerWith, bodiesTo, fetchMock, renderScreen, type Answer } from '../../../testing/mock-api';

export function account(overrides: Partial<FundAccount> = {}): FundAccount {
  return {
    merchant_id: '7',
    manual_transfer: 0,
    acct_no_encry: '6225 **** **** 1234',
    acct_name: '张三',
    stort_name: 'Coastal Snacks',
    bank_code: '308',
    bank_branch: '招商银行深圳南山支行',
    balance: 123_456,
    not_settle_amt: 20_000,
    to_settle_amt: 100_000,
    settling_amt: 3_456,
    settled_amt: 9_870_000,
    dev_count: 3,
    ...overrides,
  };
}

export function settlement(overrides: Partial<Settlement> = {}): Settlement {
  return {
    id: 1,
    settle_date: '20260317',
    merchant_id: '7',
    bank_code: '308',
    acct_no_encry: '6225 **** **** 1234',
    acct_name: '张三',
    settle_amt: 99_400,
    settle_status: 1,
    gross_amt: 100_000,
    income_amt: 102_000,
    refund_amt: 2_000,
    poundage: 600,
    transfer_fee: 0,
    carried_amt: 0,
    order_count: 51,
    refund_count: 1,
    fail_reason: '',
    created_at: Date.UTC(2026, 2, 18, 5, 0, 0),
    finished_at: Date.UTC(2026, 2, 18, 5, 0, 30),
    ...overrides,
  };
}
