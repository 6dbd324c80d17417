/**
 * Reading a bank card's or an ID card's photo (spec §8 "OCR fail (enter manually)"): what it could read, or null
 * when it read nothing. The bank-card editor pre-fills its form with it; people correct what is wrong.
 */
export interface OcrProvider {
  readonly name: string;
  /** The sandbox: answers labelled as such. */
  readonly sandbox: boolean;
  readBankCard(image: Uint8Array): Promise<{ cardNumber: string } | null>;
  readIdCard(image: Uint8Array): Promise<{ name?: string; idNumber?: string } | null>;
}
