import { describe, expect, it } from 'vitest';
import { isOperPwd, onlyDigits, operPwdPair } from './oper-pwd';

describe('operation password of a staff member', () => {
  it('takes exactly 6 digits', () => {
    expect(isOperPwd('123456')).toBe(true);
    expect(isOperPwd('12345')).toBe(false);
    expect(isOperPwd('12345a')).toBe(false);
    expect(isOperPwd('1234567')).toBe(false);
  });

  it('keeps only digits while typing', () => {
    expect(onlyDigits('12a3-4567')).toBe('123456');
  });

  it('sends the md5 of the digits, never the digits', () => {
    const pair = operPwdPair('123456', '123456');
    expect(pair.oper_pwd).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(pair.confirm_oper_pwd).toBe(pair.oper_pwd);
  });
});
