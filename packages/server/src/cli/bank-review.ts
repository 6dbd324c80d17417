import fs from 'node:fs';
import path from 'node:path';
import { BANK_LABELS, isBankCode } from '@vendo/contract/enums';
import { AppError } from '../platform/app-error';

/** The parts of the bank-card module the reviewer's commands use (the CLI builds it like the server does). */
export interface BankReviewer {
  reviewQueue(states?: readonly string[]): Promise<
    Array<{
      id: number;
      merchant_id: number;
      acct_name: string;
      acct_no_mask: string;
      bank_code: string;
      bank_branch: string;
      review_state: string;
      submitted_at: number | null;
    }>
  >;
  review(id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<unknown>;
  reviewPhotos(id: number): Promise<Array<{ field: string; data: Buffer; contentType: string }>>;
}

export const bankUsage = `  banks [--all]                               bank cards waiting for review (--all: every state)
  bank-review --id N --approve | --reject "reason"
                                              approve or reject a submitted bank card
  bank-photos --id N --out DIR                the card's certificate photos, decrypted into DIR`;

/**
 * The platform operator's review of payout cards (issue 15). Lists show masked card numbers only; the photos
 * are written (decrypted) only where the operator asks.
 */
export async function runBankAdmin(
  reviewer: BankReviewer,
  command: string,
  flags: Map<string, string[]>,
  out: (line: string) => void,
): Promise<number | null> {
  switch (command) {
    case 'banks': {
      const all = flags.has('all');
      const rows = await reviewer.reviewQueue(
        all ? ['missingPhotos', 'unreviewed', 'reviewing', 'approved', 'rejected'] : undefined,
      );
      if (rows.length === 0) out(all ? 'no bank cards' : 'no bank cards waiting for review');
      for (const r of rows) {
        const bank = isBankCode(r.bank_code) ? BANK_LABELS[r.bank_code]['en-US'] : r.bank_code;
        const submitted = r.submitted_at ? new Date(r.submitted_at).toISOString() : '-';
        out(
          `#${r.id} merchant=${r.merchant_id} ${r.review_state} ${r.acct_name} ${r.acct_no_mask} ${bank} ` +
            `${r.bank_branch} submitted=${submitted}`,
        );
      }
      return 0;
    }
    case 'bank-review': {
      const id = Number(flags.get('id')?.[0]);
      const reject = flags.get('reject')?.[0];
      const approve = flags.has('approve');
      if (!Number.isInteger(id) || id <= 0 || approve === (reject !== undefined) || reject === '') {
        out('bank-review --id N --approve | --reject "reason"');
        return 2;
      }
      try {
        await reviewer.review(id, approve ? { approve: true } : { approve: false, reason: reject ?? '' });
      } catch (error) {
        if (error instanceof AppError) {
          out(
            `bank card #${id} cannot be reviewed (rcode ${error.rcode}): it does not exist or is not submitted`,
          );
          return 1;
        }
        throw error;
      }
      out(`bank card #${id}: ${approve ? 'approved' : `rejected (${reject})`}`);
      return 0;
    }
    case 'bank-photos': {
      const id = Number(flags.get('id')?.[0]);
      const dir = flags.get('out')?.[0];
      if (!Number.isInteger(id) || id <= 0 || !dir) {
        out('bank-photos --id N --out DIR');
        return 2;
      }
      const photos = await reviewer.reviewPhotos(id);
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      for (const p of photos) {
        const file = path.join(dir, `card-${id}-${p.field}.${p.contentType.split('/')[1] ?? 'img'}`);
        await fs.promises.writeFile(file, p.data, { mode: 0o600 });
        out(file);
      }
      return 0;
    }
    default:
      return null;
  }
}
