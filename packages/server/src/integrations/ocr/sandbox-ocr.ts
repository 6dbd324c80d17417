import type { OcrProvider } from './ocr-provider';

/**
 * The sandbox OCR reads no pixels: it reads what a test or demo image carries as text, the way a real service
 * would read the printed card. A PNG tEXt chunk or a JPEG comment `vendo-ocr:{"cardNumber":"…"}` (or name,
 * idNumber) is "printed" on the photo; any other photo reads as nothing, which the editor answers with "OCR
 * fail (enter manually)" exactly as it would for a blurred photo with a real provider.
 */
export class SandboxOcr implements OcrProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  async readBankCard(image: Uint8Array): Promise<{ cardNumber: string } | null> {
    const printed = printedText(image);
    const cardNumber = printed?.['cardNumber'];
    return typeof cardNumber === 'string' && /^\d{8,30}$/.test(cardNumber) ? { cardNumber } : null;
  }

  async readIdCard(image: Uint8Array): Promise<{ name?: string; idNumber?: string } | null> {
    const printed = printedText(image);
    const name = printed?.['name'];
    const idNumber = printed?.['idNumber'];
    const out: { name?: string; idNumber?: string } = {};
    if (typeof name === 'string' && name.length <= 50) out.name = name;
    if (typeof idNumber === 'string' && /^\d{17}[\dX]$/.test(idNumber)) out.idNumber = idNumber;
    return out.name || out.idNumber ? out : null;
  }
}

const MARK = 'vendo-ocr:';

/** The JSON after `vendo-ocr:` in a PNG tEXt chunk or a JPEG COM segment; null when there is none. */
export function printedText(image: Uint8Array): Record<string, unknown> | null {
  const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  for (const text of textChunks(bytes)) {
    const at = text.indexOf(MARK);
    if (at < 0) continue;
    try {
      const value: unknown = JSON.parse(text.slice(at + MARK.length));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return null;
}

function* textChunks(b: Buffer): Generator<string> {
  if (b.length > 8 && b.readUInt32BE(0) === 0x89504e47) {
    let at = 8;
    while (at + 12 <= b.length) {
      const length = b.readUInt32BE(at);
      const type = b.toString('latin1', at + 4, at + 8);
      if (at + 12 + length > b.length) return;
      if (type === 'tEXt') yield b.toString('utf8', at + 8, at + 8 + length).replace('\0', ' ');
      if (type === 'IEND') return;
      at += 12 + length;
    }
  } else if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 4 <= b.length && b[at] === 0xff) {
      const marker = b[at + 1]!;
      if (marker === 0xda || marker === 0xd9) return;
      const length = b.readUInt16BE(at + 2);
      if (marker === 0xfe) yield b.toString('utf8', at + 4, at + 2 + length);
      at += 2 + length;
    }
  }
}
