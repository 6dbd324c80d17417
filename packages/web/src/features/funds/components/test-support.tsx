import { QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@vendo/contract/api/account';
import type { FundAccount, Settlement } from '@vendo/contract/api/funds';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { setApiNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { saveLogin } from '../../../lib/session';

/** Test support for /fund and /settle (imported by *.test.tsx only). */

export const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

export type Answer = { rcode: number; msg?: string; result?: unknown };

/** Answers each path with its envelope; an unknown path fails the test loudly. */
export function answerWith(answers: Record<string, Answer | ((body: unknown) => Answer)>): void {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  fetchMock.mockImplementation((input, init) => {
    const entry = answers[input];
    if (!entry) return Promise.reject(new Error(`unexpected call ${input}`));
    const body: unknown = JSON.parse(String(init.body));
    const answer = typeof entry === 'function' ? entry(body) : entry;
    return Promise.resolve(
      new Response(JSON.stringify({ msg: 'OK', result: null, ...answer }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
}

/** The bodies posted to a path, in order. */
export function bodiesTo(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => input === path)
    .map(([, init]) => JSON.parse(String(init.body)) as unknown);
}

/** Where the app is now, for tests that follow a link. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export function renderScreen(user: UserInfo, path: string, screen: ReactNode) {
  saveLogin(user);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={screen} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

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
