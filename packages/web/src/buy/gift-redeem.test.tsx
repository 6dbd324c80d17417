import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as gifts from '@vendo/contract/api/gifts';
import { GIFT_CALLS, GiftRedeem, giftCodeOf } from './gift-redeem';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers each path with its envelope and records the bodies. */
function answer(answers: Record<string, { rcode: number; msg?: string; result?: unknown }>) {
  const bodies: Array<[string, unknown]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      bodies.push([path, JSON.parse(String(init.body))]);
      const a = answers[path] ?? { rcode: 500, msg: 'unexpected' };
      return Promise.resolve(new Response(JSON.stringify({ msg: 'OK', result: null, ...a })));
    }),
  );
  return bodies;
}

describe('the gift code on the purchase page', () => {
  it('posts to the paths of the contract calls', () => {
    expect(GIFT_CALLS.checkGift.path).toBe(gifts.checkGift.path);
    expect(GIFT_CALLS.redeemGift.path).toBe(gifts.redeemGift.path);
    expect(giftCodeOf('?gift=ABCD-EFGH-JKMN')).toBe('ABCD-EFGH-JKMN');
    expect(giftCodeOf('?order=1')).toBe('');
  });

  it('checks a typed code, offers its shelves, and shows the server refusal of a used code', async () => {
    const bodies = answer({
      '/p/v1/buy/checkGift': {
        rcode: 0,
        result: {
          code: 'ABCD-EFGH-JKMN',
          name: 'Opening day',
          end_date: '2026-12-31',
          shelves: [{ channel_sn: 2, goods_name: 'Chips', img: '', quantity: 4 }],
        },
      },
      '/p/v1/buy/redeemGift': { rcode: 1131, msg: 'This code has already been used' },
    });
    render(<GiftRedeem sn="880001" />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'abcd-efgh-jkmn' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    await screen.findByText('Chips');
    fireEvent.click(screen.getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This code has already been used'),
    );
    expect(bodies).toEqual([
      ['/p/v1/buy/checkGift', { sn: '880001', code: 'abcd-efgh-jkmn' }],
      ['/p/v1/buy/redeemGift', { sn: '880001', code: 'abcd-efgh-jkmn', channel_sn: 2 }],
    ]);
  });
});

describe('a gift voucher costing member points (issue 18)', () => {
  it('says the cost and redeems with the signed-in customer', async () => {
    const bodies = answer({
      '/p/v1/buy/checkGift': {
        rcode: 0,
        result: {
          code: 'ABCD-EFGH-JKMN',
          name: 'Points gift',
          end_date: '2026-12-31',
          points: 20,
          shelves: [{ channel_sn: 2, goods_name: 'Chips', img: '', quantity: 4 }],
        },
      },
      '/p/v1/buy/redeemGift': { rcode: 1161, msg: 'Not enough points (have 5, need 20)' },
    });
    render(<GiftRedeem sn="880001" customer="wechat:oabc.sig" />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'ABCDEFGHJKMN' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    expect((await screen.findByTestId('gift-points')).textContent).toMatch(/20/);
    fireEvent.click(screen.getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Not enough points (have 5, need 20)'),
    );
    expect(bodies[1]).toEqual([
      '/p/v1/buy/redeemGift',
      { sn: '880001', code: 'ABCDEFGHJKMN', channel_sn: 2, customer: 'wechat:oabc.sig' },
    ]);
  });
});
