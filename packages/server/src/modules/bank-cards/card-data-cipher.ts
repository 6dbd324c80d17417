import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The version prefix of stored texts, so a later key or algorithm can sit beside this one. */
const TEXT_PREFIX = 'v1:';
const FILE_MAGIC = Buffer.from('VBC1');

/**
 * Payout card data at rest (decision 031): AES-256-GCM under a key derived from the platform secret
 * (VENDO_SECRET) with HKDF-SHA-256 and its own info string, so the key signs nothing else and the secret never
 * touches a row. Each value has a fresh 96-bit IV; the tag makes a changed row fail to open instead of reading
 * as another number. Texts are 'v1:' + base64(iv | tag | ciphertext); files 'VBC1' + iv | tag | ciphertext.
 */
export class CardDataCipher {
  private readonly key: Buffer;
  private readonly indexKey: Buffer;

  constructor(platformSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', platformSecret, 'vendo', 'payout-card-data v1', 32));
    this.indexKey = Buffer.from(
      hkdfSync('sha256', platformSecret, 'vendo', 'payout-card-number-index v1', 32),
    );
  }

  /**
   * The card number's blind index (bank_cards.acct_no_index): HMAC-SHA-256 of the digits under a key of its own,
   * so a card is found by its number (fee splitting's look-up) without decrypting every card, and the index
   * tells nothing without the platform secret.
   */
  numberIndex(digits: string): string {
    return createHmac('sha256', this.indexKey).update(digits, 'utf8').digest('hex');
  }

  encryptText(clear: string): string {
    return TEXT_PREFIX + this.seal(Buffer.from(clear, 'utf8')).toString('base64');
  }

  decryptText(stored: string): string {
    if (!stored.startsWith(TEXT_PREFIX)) throw new Error('unknown card data format');
    return this.open(Buffer.from(stored.slice(TEXT_PREFIX.length), 'base64')).toString('utf8');
  }

  encryptFile(clear: Uint8Array): Buffer {
    return Buffer.concat([FILE_MAGIC, this.seal(Buffer.from(clear))]);
  }

  decryptFile(stored: Buffer): Buffer {
    if (!stored.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)) throw new Error('unknown image format');
    return this.open(stored.subarray(FILE_MAGIC.length));
  }

  private seal(clear: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(clear), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  private open(sealed: Buffer): Buffer {
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}

/** '6222020200112233445' → '6222 **** **** 3445': the first and last four, the rest hidden. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

/** '11010519491231002X' → '110***********002X'. */
export function maskIdNumber(id: string): string {
  return `${id.slice(0, 3)}${'*'.repeat(Math.max(0, id.length - 7))}${id.slice(-4)}`;
}

/** '13800138000' → '138****8000'. */
export function maskMobile(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
