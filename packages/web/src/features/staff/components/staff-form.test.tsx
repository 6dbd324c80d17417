import type { SubUser } from '@vendo/contract/api/staff';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import componentsTexts from '../../../i18n/resources/components';
import staffTexts from '../../../i18n/resources/staff';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import { StaffFormSheet } from './staff-form';

registerNamespace('staff', staffTexts);
registerNamespace('components', componentsTexts);

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const MEMBER: SubUser = {
  sub_userid: 4,
  sub_username: 'ana1',
  login_name: 'ana1@13800138000',
  sub_user_suffix: '13800138000',
  nickname: 'Ana',
  phone: '',
  role_info: null,
  all_device: 1,
  store: [],
  is_oper_pwd: 0,
  has_oper_pwd: false,
  goods_own_only: 0,
  bank_own_only: 0,
  create_time: 1,
};

describe('staff form', () => {
  it('brings "pick at least one store" into view when a save limits a member to no store', async () => {
    answerWith({
      '/api/v1/a/getRole': { rcode: 0, result: { data: [], count: 0 } },
      '/api/v1/u/getAllStore': {
        rcode: 0,
        result: { data: [{ _id: 1, store_name: 'Tech Park' }], count: 1 },
      },
    });
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    renderScreen(makeUser(), '/staff', <StaffFormSheet visible staff={MEMBER} onClose={() => undefined} />);
    fireEvent.click(document.querySelector('[aria-label="All stores"]') as HTMLElement);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(scrolled).toEqual(['Pick at least one store']));
    expect(fetchMock.mock.calls.map(([path]) => path)).not.toContain('/api/v1/u/editSubUser');
  });
});
