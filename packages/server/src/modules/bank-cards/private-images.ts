import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { CardDataCipher } from './card-data-cipher';

/**
 * Certificate photos, encrypted, in DATA_DIR/private/bank-cards: outside DATA_DIR/uploads, which is served to
 * anyone at /uploads. Files have random names; the rows (bank_card_images) say whose they are.
 */
export class PrivateImages {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly cipher: CardDataCipher,
  ) {
    this.root = path.join(dataDir, 'private', 'bank-cards');
  }

  async put(data: Uint8Array): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.bin`;
    await fs.promises.mkdir(this.root, { recursive: true, mode: 0o700 });
    const temp = path.join(this.root, `${name}.tmp`);
    await fs.promises.writeFile(temp, this.cipher.encryptFile(data), { mode: 0o600 });
    await fs.promises.rename(temp, path.join(this.root, name));
    return name;
  }

  async read(name: string): Promise<Buffer | null> {
    if (!/^[0-9a-f]{32}\.bin$/.test(name)) return null;
    const stored = await fs.promises.readFile(path.join(this.root, name)).catch(() => null);
    return stored ? this.cipher.decryptFile(stored) : null;
  }

  async remove(name: string): Promise<void> {
    if (!/^[0-9a-f]{32}\.bin$/.test(name)) return;
    await fs.promises.rm(path.join(this.root, name), { force: true });
  }
}
