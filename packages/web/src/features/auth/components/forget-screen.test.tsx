import type { Locale } from '@vendo/contract/locales';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import ForgetScreen from './forget-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn(() => Promise.resolve()) }));

const config = {
  mode: 'demo',
  browserGate: false,
  sandbox: { sms: true },
  wechatLogin: { configured: false, url: '' },
  agent: { id: '888888', name: 'Vendo', logo: '' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function show(locale: Locale) {
  await i18n.changeLanguage(locale);
  answerWith({ '/p/v1/getAppConfig': { rcode: 0, result: config } });
  renderScreen(makeUser(), '/forget', <ForgetScreen />);
}

/** The message under the code field. */
const codeError = () => document.querySelector('#forget-code')?.closest('.adm-list-item')?.textContent ?? '';

describe('/forget: the code field', () => {
  it.each([
    ['en-US', 'Code', 'Reset password', 'Cannot be empty', 'does not match'],
    ['zh-CN', '验证码', '重置密码', '不能为空', '不匹配'],
    ['zh-TW', '驗證碼', '重設密碼', '不能為空', '不匹配'],
  ] as const)(
    '%s: left empty it says it cannot be empty, not "does not match"; a short code does not match',
    async (locale, label, submit, empty, mismatch) => {
      await show(locale);
      fireEvent.click(await screen.findByRole('button', { name: submit }));
      await screen.findAllByText(new RegExp(empty, 'i'));
      expect(codeError()).toContain(label);
      expect(codeError()).toMatch(new RegExp(empty, 'i'));
      expect(codeError()).not.toContain(mismatch);
      fireEvent.change(document.querySelector('#forget-code')!, { target: { value: '12' } });
      fireEvent.click(screen.getByRole('button', { name: submit }));
      await screen.findAllByText(new RegExp(mismatch));
      expect(codeError()).toContain(mismatch);
      expect(bodiesTo('/p/v1/resetPwd')).toEqual([]);
    },
  );
});
