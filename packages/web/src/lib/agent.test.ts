import { describe, expect, it } from 'vitest';
import { currentAgent } from './agent';
import { readCookie } from './cookies';

describe('currentAgent', () => {
  it('is the default agent 888888 without a query or cookie', () => {
    expect(currentAgent('')).toBe('888888');
  });

  it('takes ?agent= and keeps it in a cookie for later visits', () => {
    expect(currentAgent('?agent=123456')).toBe('123456');
    expect(readCookie('agent')).toBe('123456');
    expect(currentAgent('')).toBe('123456');
    expect(currentAgent('?agent=%20654321%20')).toBe('654321');
  });
});
