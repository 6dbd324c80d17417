import { describe, expect, it } from 'vitest';
import { pickMessage } from './pick-message';

describe('pickMessage', () => {
  const both = new URLSearchParams('msg=绑定成功&enMsg=Bound');

  it('reads msg for both Chinese locales and enMsg for English', () => {
    expect(pickMessage(both, 'zh-CN')).toBe('绑定成功');
    expect(pickMessage(both, 'zh-TW')).toBe('绑定成功');
    expect(pickMessage(both, 'en-US')).toBe('Bound');
  });

  it('does not borrow the other language, so the caller falls back to its default text', () => {
    expect(pickMessage(new URLSearchParams('msg=只有中文'), 'en-US')).toBeNull();
    expect(pickMessage(new URLSearchParams('enMsg=Only English'), 'zh-CN')).toBeNull();
    expect(pickMessage(new URLSearchParams('msg=%20%20'), 'zh-CN')).toBeNull();
  });
});
