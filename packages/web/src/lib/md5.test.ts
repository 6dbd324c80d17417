import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('hashes six-digit operation passwords like the server expects', () => {
    expect(md5('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(md5('000000')).toBe('670b14728ad9902aecba32e22fa4f6bd');
  });

  // Reference values from Python's hashlib, around the 56- and 64-byte padding boundaries.
  it.each([
    [55, '04364420e25c512fd958a70738aa8f72'],
    [56, '668a72d5ba17f08e62dabcafad6db14b'],
    [63, '7dc2ca208106a2f703567bdff99d8981'],
    [64, 'c1bb4f81d892b2d57947682aeb252456'],
    [65, '1bc932052302d074bdec39795fe00cf6'],
    [119, 'ab347a5f68c8a443cfcddc633f12c24f'],
    [120, 'fb98667f98096de92620b64f46e1c5b5'],
  ])('handles a %i-byte message', (length, hex) => {
    expect(md5('x'.repeat(length))).toBe(hex);
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    expect(md5('自助售货机 – Vendo ✓')).toBe('6fb8ec3fef5dae381e9c107f8944d575');
  });
});
