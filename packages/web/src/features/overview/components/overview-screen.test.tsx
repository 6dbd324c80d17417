import type { getOverview } from '@vendo/contract/api/account';
import type { CallResult } from '@vendo/contract/api/call';
import type { Locale } from '@vendo/contract/locales';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import OverviewScreen from './overview-screen';

type Overview = CallResult<typeof getOverview>;

function overview(account: Partial<Overview['account']> = {}): Overview {
  return {
    account: {
      username: '13800138000',
      nickname: 'Demo',
      is_main: true,
      merchant_name: 'Demo Merchant',
      sub_user_suffix: '',
      login_suffix: '13800138000',
      login_type: 'common',
      user_id: 1,
      merchant_id: 1,
      time_zone: 'Asia/Shanghai',
      ...account,
    },
    session: { expiry: Date.UTC(2026, 10, 30), oper_expire_at: null },
    version: '0.1.0',
    server_time: Date.UTC(2026, 10, 28),
    app_list: [],
    health: {
      status: 'ok',
      db: 'postgres',
      db_ok: true,
      gateway: 'running',
      sandbox: { sms: true, messaging: true },
      uptime_ms: 60_000,
    },
  };
}

async function show(locale: Locale, answer: Overview, isMain = answer.account.is_main, isOperPwd: 0 | 1 = 1) {
  await i18n.changeLanguage(locale);
  answerWith({ '/api/v1/u/getOverview': { rcode: 0, result: answer } });
  renderScreen(makeUser({ isMain, isOperPwd }), '/overview', <OverviewScreen />);
}

/** The suffix row: its label, value and the line under it. */
async function suffixRow(label: string) {
  const title = await screen.findByText(label, {}, { timeout: 5000 });
  return title.closest('.adm-list-item') as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/overview: the staff login suffix', () => {
  it.each([
    ['en-US', 'Staff login suffix', 'Not set', 'staff log in as account@13800138000', 'Set it'],
    ['zh-CN', '子账号登录后缀', '未设置', '子账号以“账号@13800138000”（主账号手机号）登录', '去设置'],
    ['zh-TW', '子帳號登入後綴', '未設定', '子帳號以「帳號@13800138000」（主帳號手機號碼）登入', '去設定'],
  ] as const)(
    '%s: unset, the main account reads "not set", what staff use meanwhile, and a way to set it',
    async (locale, label, notSet, meanwhile, set) => {
      await show(locale, overview());
      const row = await suffixRow(label);
      expect(row.textContent).toContain(notSet);
      expect(row.textContent).toContain(meanwhile);
      expect(row.textContent).not.toMatch(/None|无|無/);
      fireEvent.click(within(row).getByRole('link', { name: set }));
      expect(screen.getByTestId('where').textContent).toBe('/staff');
    },
  );

  it('set, it shows the suffix and how staff log in, with a way to change it', async () => {
    await show('en-US', overview({ sub_user_suffix: 'shop1', login_suffix: 'shop1' }));
    const row = await suffixRow('Staff login suffix');
    expect(row.textContent).toContain('shop1');
    expect(row.textContent).toContain('Staff log in as account@shop1');
    expect(within(row).getByRole('link', { name: 'Change' }).getAttribute('href')).toBe('/staff');
  });

  it('a staff session sees the suffix it logs in with and no link to the main account screen', async () => {
    await show(
      'en-US',
      overview({
        username: 'clerk@13800138000',
        is_main: false,
        sub_user_suffix: '',
        login_suffix: '13800138000',
      }),
    );
    const row = await suffixRow('Staff login suffix');
    expect(row.textContent).toContain('Not set');
    expect(row.textContent).toContain('staff log in as account@13800138000');
    expect(within(row).queryByRole('link')).toBeNull();
  });
});

describe('/overview: the operation password line', () => {
  const staff = { username: 'clerk@13800138000', is_main: false };
  it.each([
    ['en-US', 'Operation password valid until', 'Not verified yet', 'No operation password set'],
    ['zh-CN', '操作密码验证有效期至', '尚未验证', '未设置操作密码'],
    ['zh-TW', '操作密碼驗證有效期至', '尚未驗證', '未設定操作密碼'],
  ] as const)(
    '%s: without a live sign it says "not verified yet", or that there is no password, never "None"',
    async (locale, label, notVerified, notSet) => {
      await show(locale, overview(staff));
      let row = await suffixRow(label);
      expect(row.textContent).toContain(notVerified);
      expect(row.textContent).not.toMatch(/None|无|無/);
      fetchMock.mockReset();
      cleanup();
      await show(locale, overview(staff), false, 0);
      row = await suffixRow(label);
      expect(row.textContent).toContain(notSet);
      expect(row.textContent).not.toMatch(/None|无|無/);
    },
  );
});
