import { describe, expect, it } from 'vitest';
import { bankName, cardTail, settleDateText, settleTone } from './funds';

describe('the settlement figures as shown', () => {
  it('reads settle_date as a date', () => {
    expect(settleDateText('20260305')).toBe('2026-03-05');
    expect(settleDateText('2026-03-05')).toBe('2026-03-05');
  });

  it('colours the states of spec §4: 1 and 4 success, 2 fail, 3 settling, the rest unknown', () => {
    expect(settleTone(1)).toEqual({ state: 'success', tone: 'success' });
    expect(settleTone(4)).toEqual({ state: 'success', tone: 'success' });
    expect(settleTone(2)).toEqual({ state: 'fail', tone: 'danger' });
    expect(settleTone(3)).toEqual({ state: 'settling', tone: 'warning' });
    expect(settleTone(0)).toEqual({ state: 'unknown', tone: 'neutral' });
    expect(settleTone(9)).toEqual({ state: 'unknown', tone: 'neutral' });
  });

  it('names a bank by its code, and nothing for a code the list lacks', () => {
    expect(bankName('102', 'zh-CN')).toBe('中国工商银行');
    expect(bankName('308', 'en-US')).toBe('China Merchants Bank');
    expect(bankName('999', 'en-US')).toBeNull();
    expect(bankName('', 'en-US')).toBeNull();
  });

  it('takes the last four digits of a masked card number', () => {
    expect(cardTail('6225 **** **** 1234')).toBe('1234');
    expect(cardTail('622588******1234')).toBe('1234');
    expect(cardTail('')).toBe('');
  });
});
