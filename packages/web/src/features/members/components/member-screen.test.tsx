import type { Member } from '@vendo/contract/api/members';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { downloadUrl } from '../../../lib/download';
import { app, makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import MemberScreen from './member-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../lib/download', () => ({ downloadUrl: vi.fn() }));

const LIST = '/api/v1/b/getMember';
const EDIT = '/api/v1/b/editMember';
const RULE = '/api/v1/b/getPointRule';
const SET_RULE = '/api/v1/b/setPointRule';
const REPORT = '/api/v1/b/memberReport';

function member(over: Partial<Member> = {}): Member {
  return {
    member_id: 7,
    cardno: '123456789012',
    client: 'wechat',
    openid: 'oAb***wxyz',
    nickname: 'WeChat user wxyz',
    headimgurl: '',
    is_subscribe: 0,
    point: 35,
    balance: 0,
    spend: 3550,
    remarks: 'likes cola',
    extends: [],
    order_count: 4,
    created_at: Date.UTC(2026, 10, 20, 2, 0, 0),
    last_visit_at: Date.UTC(2026, 10, 26, 4, 30, 0),
    ...over,
  };
}

const list = (data: Member[], quota = { used: data.length, max: 9999 }) => ({
  rcode: 0,
  result: { data, count: data.length, quota },
});
const rule = (points = 1) => ({ rcode: 0, result: { points_per_yuan: points, updated_at: null } });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.mocked(downloadUrl).mockReset();
});

describe('/member', () => {
  it('lists members: initials, nickname, card, channel, spend, points, last purchase, remarks; searches', async () => {
    answerWith({
      [LIST]: list([
        member(),
        member({
          member_id: 8,
          nickname: 'alipay user 0042',
          client: 'alipay',
          cardno: '998877665544',
          is_subscribe: 1,
          remarks: '',
          order_count: 0,
          spend: 0,
          point: 0,
        }),
      ]),
      [RULE]: rule(2),
    });
    renderScreen(makeUser(), '/member', <MemberScreen />);
    const card = await screen.findByRole('listitem', { name: 'WeChat user wxyz' });
    const text = card.textContent ?? '';
    expect(text).toContain('W'); // the initials avatar
    expect(card.querySelector('.member-initials')?.textContent).toBe('W');
    expect(text).toContain('123456789012');
    expect(text).toContain('WeChat');
    expect(text).toContain('¥35.50');
    expect(within(card).getByText('35')).toBeTruthy();
    expect(text).toContain('2026-11-26 12:30:00');
    expect(text).toContain('likes cola');
    expect(text).toContain('Does not follow the official account');
    const other = screen.getByRole('listitem', { name: 'alipay user 0042' });
    expect(other.querySelector('.member-initials')?.textContent).toBe('A');
    expect(other.textContent).toContain('Alipay');
    expect(other.textContent).toContain('None yet');
    expect(other.textContent).toContain('No remarks');
    expect(other.textContent).toContain('Follows the official account');
    expect(screen.getByText('Members: 2')).toBeTruthy();
    expect(screen.getByTestId('member-rule').textContent).toBe('2 point(s) per yuan paid');
    expect(screen.getByText('Members 2 / 9999')).toBeTruthy();

    const search = screen.getByPlaceholderText('Search nickname, card number or remarks');
    fireEvent.change(search, { target: { value: '1234' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodiesTo(LIST).at(-1)).toMatchObject({ condition: { keyword: '1234' } }));
  });

  it('says how customers become members, and when the quota is reached', async () => {
    answerWith({ [LIST]: list([], { used: 5, max: 5 }), [RULE]: rule(0) });
    renderScreen(makeUser(), '/member', <MemberScreen />);
    expect(await screen.findByText(/A customer becomes your member when they sign in/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The member limit (5) is reached');
    expect(screen.getByTestId('member-rule').textContent).toBe('Points are off');
  });

  it('edits remarks: the length at the field, the server refusal at the field, nothing typed lost', async () => {
    let refuse = true;
    answerWith({
      [LIST]: list([member()]),
      [RULE]: rule(),
      [EDIT]: () =>
        refuse
          ? { rcode: RCODE.MEMBER_NOT_FOUND, msg: 'Member does not exist' }
          : { rcode: 0, result: { member_id: 7 } },
    });
    renderScreen(makeUser(), '/member', <MemberScreen />);
    const card = await screen.findByRole('listitem', { name: 'WeChat user wxyz' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit remarks' }));
    const heading = await screen.findByRole('heading', { name: 'Edit remarks' }, { timeout: 5000 });
    const form = heading.closest('form')!;
    const sheet = within(form);
    const box = sheet.getByLabelText(/^Remarks/) as HTMLTextAreaElement;
    expect(box.value).toBe('likes cola');

    fireEvent.change(box, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#member-remarks-error')?.textContent).toMatch(/200/);
    expect(bodiesTo(EDIT)).toEqual([]);

    fireEvent.change(box, { target: { value: 'VIP, prefers tea' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.querySelector('#member-remarks-error')?.textContent).toBe('Member does not exist'),
    );
    expect((sheet.getByLabelText(/^Remarks/) as HTMLTextAreaElement).value).toBe('VIP, prefers tea');

    refuse = false;
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(EDIT)).toHaveLength(2));
    expect(bodiesTo(EDIT)[1]).toEqual({ member_id: 7, remarks: 'VIP, prefers tea' });
  }, 20_000);

  it('changes the points rule with the range at the field, and downloads the search', async () => {
    answerWith({
      [LIST]: list([member()]),
      [RULE]: rule(1),
      [SET_RULE]: (body) => ({
        rcode: 0,
        result: { points_per_yuan: (body as { points_per_yuan: number }).points_per_yuan, updated_at: 1 },
      }),
      [REPORT]: { rcode: 0, result: { url: '/files/m.xlsx', filename: 'members.xlsx', expires_at: 1 } },
    });
    renderScreen(makeUser(), '/member', <MemberScreen />);
    await screen.findByRole('listitem', { name: 'WeChat user wxyz' });
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    // The sheet's title repeats the card's heading: the one in a form is the sheet's.
    const form = await waitFor(
      () => {
        const found = screen.getAllByRole('heading', { name: 'Points rule' }).find((h) => h.closest('form'));
        if (!found) throw new Error('no sheet yet');
        return found.closest('form')!;
      },
      { timeout: 5000 },
    );
    const sheet = within(form);
    const input = sheet.getByLabelText(/^Points per yuan/) as HTMLInputElement;
    expect(input.value).toBe('1');
    fireEvent.change(input, { target: { value: '1001' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#member-points-per-yuan-error')?.textContent).toBe(
      'Points per yuan must be a whole number from 0 to 1000 (0: no points)',
    );
    expect(bodiesTo(SET_RULE)).toEqual([]);
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(SET_RULE)).toEqual([{ points_per_yuan: 5 }]));

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Excel workbook (XLSX)' }, { timeout: 5000 }));
    await waitFor(() => expect(downloadUrl).toHaveBeenCalledWith('/files/m.xlsx', 'members.xlsx'));
    expect(bodiesTo(REPORT)).toEqual([{ condition: {}, format: 'xlsx' }]);
  }, 20_000);

  it('shows the app guide without a usable Member app, and asks nothing', async () => {
    answerWith({});
    const user = makeUser();
    renderScreen(
      { ...user, appList: user.appList.map((a) => (a.app_module_name === 'Member' ? app('Member', 1) : a)) },
      '/member',
      <MemberScreen />,
    );
    expect(await screen.findByText(/The Members app is not active or has expired/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
