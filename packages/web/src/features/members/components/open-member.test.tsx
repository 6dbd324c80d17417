import type { Member, MemberBill, MemberCoupon } from '@vendo/contract/api/members';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { i18n } from '../../../i18n/i18n';
import membersTexts from '../../../i18n/resources/members';
import { readMemberCert } from '../../../lib/session';
import { local, LOGIN_KEYS } from '../../../lib/storage';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import OpenMemberPassportScreen from './open-member-passport-screen';
import OpenMemberScreen from './open-member-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const SELF = '/api/v1/member/getMember';
const BILL = '/api/v1/member/getBill';
const COUPONS = '/api/v1/member/getCardCoupon';

const me: Member = {
  member_id: 7,
  cardno: '123456789012',
  client: 'wechat',
  openid: 'oAbcdefwxyz',
  nickname: '微信用户 wxyz',
  headimgurl: '',
  is_subscribe: 0,
  point: 35,
  balance: 0,
  spend: 3550,
  remarks: '',
  extends: [],
  order_count: 4,
  created_at: 1,
  last_visit_at: 2,
};

const bill = (over: Partial<MemberBill> = {}): MemberBill => ({
  order_no: '20261126123000000001',
  time: Date.UTC(2026, 10, 26, 4, 30, 0),
  sn: '880001',
  machine_name: 'Lobby',
  goods_name: 'Cola',
  amount: 350,
  refund_fee: 0,
  status: 3,
  points: 3,
  ...over,
});

const coupon = (over: Partial<MemberCoupon> = {}): MemberCoupon => ({
  receipt_id: 1,
  coupon_id: 2,
  name: 'Opening 8.5',
  type: 'rate',
  rate: 8500,
  reduce: 0,
  condition: 0,
  status: 'unused',
  use_start: '2026-11-01',
  use_end: '2026-12-31',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  points: 10,
  received_at: 1,
  used_at: null,
  ...over,
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  local.remove(LOGIN_KEYS.memberInfo);
});

describe('/open-member-passport', () => {
  it('stores the cert of the address and moves on to /open-member', async () => {
    answerWith({});
    renderScreen(makeUser(), '/open-member-passport?token=tk1&secret=sc1', <OpenMemberPassportScreen />);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/open-member'));
    expect(readMemberCert()).toEqual({ token: 'tk1', secret: 'sc1' });
  });

  it('uses the stored cert without one in the address, and without either says where to get one', async () => {
    answerWith({});
    const first = renderScreen(makeUser(), '/open-member-passport', <OpenMemberPassportScreen />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This member link is incomplete. Tap “My member” again on a machine’s purchase page.',
    );
    expect(screen.getByTestId('where').textContent).toBe('/open-member-passport');
    first.unmount();

    local.setJson(LOGIN_KEYS.memberInfo, { token: 'kept', secret: 'kept-secret' });
    renderScreen(makeUser(), '/open-member-passport', <OpenMemberPassportScreen />);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/open-member'));
  });
});

describe('/open-member', () => {
  it('shows the card, then the bill and the coupons, sending the cert', async () => {
    local.setJson(LOGIN_KEYS.memberInfo, { token: 'tk1', secret: 'sc1' });
    answerWith({
      [SELF]: { rcode: 0, result: { data: { ...me, mch_name: 'Demo Snacks' } } },
      [BILL]: {
        rcode: 0,
        result: {
          data: [bill(), bill({ order_no: 'R2', refund_fee: 100, status: 10, points: 0 })],
          count: 2,
        },
      },
      [COUPONS]: (body) => ({
        rcode: 0,
        result:
          (body as { condition: { status?: string } }).condition.status === 'used'
            ? { data: [], count: 0 }
            : { data: [coupon()], count: 1 },
      }),
    });
    renderScreen(makeUser(), '/open-member', <OpenMemberScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My member' })).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'Member card' });
    expect(within(card).getByText('微信用户 wxyz')).toBeTruthy();
    expect(card.querySelector('.member-initials')?.textContent).toBe('微');
    expect(within(card).getByText('Member of Demo Snacks')).toBeTruthy();
    expect(screen.getByTestId('member-cardno').textContent).toBe('123456789012');
    expect(screen.getByTestId('member-points').textContent).toBe('35');
    expect(card.textContent).toContain('¥0.00');
    expect(card.textContent).toContain('¥35.50');
    expect(card.textContent).toContain('Stored value is not offered');
    const [, init] = fetchMock.mock.calls.find(([path]) => path === SELF)!;
    expect(init.headers).toMatchObject({ token: 'tk1', secret: 'sc1' });

    fireEvent.click(screen.getByRole('button', { name: /Purchase history/ }));
    const orders = await screen.findByRole('list', { name: 'Purchase history' });
    expect(screen.getByTestId('where').textContent).toBe('/open-member?view=bill');
    expect(orders.textContent).toContain('Cola');
    expect(orders.textContent).toContain('¥3.50');
    expect(orders.textContent).toContain('Lobby');
    expect(orders.textContent).toContain('Points +3');
    expect(orders.textContent).toContain('Refunded ¥1.00');
    expect(bodiesTo(BILL)[0]).toMatchObject({ pageNum: 1, pageSize: 10 });

    fireEvent.click(screen.getByRole('button', { name: /Back to my card/ }));
    fireEvent.click(await screen.findByRole('button', { name: /My coupons/ }));
    const mine = await screen.findByRole('list', { name: 'My coupons' });
    expect(mine.textContent).toContain('Opening 8.5');
    expect(mine.textContent).toContain('85% of the price');
    expect(mine.textContent).toContain('Usable 2026-11-01 to 2026-12-31');
    expect(mine.textContent).toContain('Received for 10 points');
    fireEvent.click(screen.getByRole('button', { name: 'Used' }));
    expect(await screen.findByText('No coupons received yet.')).toBeTruthy();
    expect(bodiesTo(COUPONS).at(-1)).toMatchObject({ condition: { status: 'used' } });
  }, 20_000);

  it('says the cert is no longer valid (and forgets it), or that none is stored', async () => {
    local.setJson(LOGIN_KEYS.memberInfo, { token: 'old', secret: 'old' });
    answerWith({ [SELF]: { rcode: 607, msg: 'invalid cert' } });
    const first = renderScreen(makeUser(), '/open-member', <OpenMemberScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your member pass has expired. Tap “My member” again on a machine’s purchase page.',
    );
    expect(readMemberCert()).toBeNull();
    first.unmount();

    fetchMock.mockClear();
    const second = renderScreen(makeUser(), '/open-member', <OpenMemberScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no member pass on this phone yet. Tap “My member” on a machine’s purchase page.',
    );
    // Without a cert nothing is asked of the server.
    expect(fetchMock).not.toHaveBeenCalled();
    second.unmount();

    // The server's own words otherwise (the merchant's Member app expired), with a retry.
    local.setJson(LOGIN_KEYS.memberInfo, { token: 'tk', secret: 'sc' });
    answerWith({ [SELF]: { rcode: 1165, msg: "This merchant's member card is not available now" } });
    renderScreen(makeUser(), '/open-member', <OpenMemberScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This merchant's member card is not available now",
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(readMemberCert()).toEqual({ token: 'tk', secret: 'sc' });
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'a purchase history the server refuses says why in its words, with a retry (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const refusal = rcodeText(RCODE.APP_EXPIRED)![lang];
      local.setJson(LOGIN_KEYS.memberInfo, { token: 'tk', secret: 'sc' });
      answerWith({
        [SELF]: { rcode: 0, result: { data: me } },
        [BILL]: { rcode: RCODE.APP_EXPIRED, msg: refusal },
      });
      renderScreen(makeUser(), '/open-member?view=bill', <OpenMemberScreen />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(refusal);
      expect(alert.textContent).toContain(String(RCODE.APP_EXPIRED));
      expect(alert.textContent).not.toContain(membersTexts[lang].open.loadFailed);
      expect(within(alert).getByRole('button', { name: membersTexts[lang].open.retry })).toBeTruthy();
    },
  );
});
