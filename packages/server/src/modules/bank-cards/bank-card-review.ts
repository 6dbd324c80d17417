import { BANK_IMAGE_FIELDS, type BankImageField } from '@vendo/contract/api/bank-cards';
import { MERCHANT_ENTRY_STEPS, type BankReviewState } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import { recordEvent } from '../events/event-outbox';
import { AuditLog, platformOrigin } from '../audit/audit-log';
import type { BankCardRepository } from './bank-card-repository';
import type { BankCardRow } from './bank-card-tables';
import type { PrivateImages } from './private-images';

/** Submitted and waiting for the reviewer. */
export const REVIEW_QUEUE: readonly BankReviewState[] = ['unreviewed', 'reviewing'];

/**
 * The platform operator's side of the cards (spec §4 bank card review): the queue, the decision and the photos,
 * for `vendo admin banks | bank-review | bank-photos` and the demo's sandbox reviewer.
 */
export class BankCardReview {
  constructor(private readonly d: { repo: BankCardRepository; images: PrivateImages; clock: () => number }) {}

  async review(
    id: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<BankCardRow> {
    const row = await this.d.repo.findAnyCard(id);
    if (!row) throw new AppError(RCODE.BANK_CARD_NOT_FOUND);
    const queued = REVIEW_QUEUE.includes(row.review_state as BankReviewState);
    if (row.step !== MERCHANT_ENTRY_STEPS.submitted || !queued) throw new AppError(RCODE.BANK_CARD_LOCKED);
    const now = this.d.clock();
    const reason = decision.approve ? '' : decision.reason.slice(0, 200);
    await this.d.repo.transaction(async (repo, trx) => {
      await repo.updateCard(id, {
        review_state: decision.approve ? 'approved' : 'rejected',
        reject_reason: reason,
        // A rejected card goes back to the form, to be corrected and resubmitted.
        step: decision.approve ? MERCHANT_ENTRY_STEPS.submitted : MERCHANT_ENTRY_STEPS.form,
        reviewed_at: now,
        updated_at: now,
      });
      // The merchant's systems hear the result in the same transaction (issue 20).
      await recordEvent(trx, {
        merchantId: row.merchant_id,
        type: 'bank_card.reviewed',
        storeId: null,
        data: {
          card_id: row.id,
          result: decision.approve ? 'approved' : 'rejected',
          reason,
          acct_no_mask: row.acct_no_mask,
        },
        at: now,
      });
      // The platform's reviewer decided: in the merchant's audit log too.
      await new AuditLog(this.d.clock).record(trx, {
        merchantId: row.merchant_id,
        origin: platformOrigin('admin:bank-review'),
        kind: 'bank_card',
        action: decision.approve ? 'approved' : 'rejected',
        target: { type: 'bank_card', id: row.id, name: row.mch_name },
        changes: [
          {
            field: 'review_state',
            before: row.review_state,
            after: decision.approve ? 'approved' : 'rejected',
          },
          ...(reason ? [{ field: 'reject_reason', before: null, after: reason }] : []),
        ],
      });
    });
    const updated = await this.d.repo.findAnyCard(id);
    if (!updated) throw new AppError(RCODE.BANK_CARD_NOT_FOUND);
    return updated;
  }

  reviewQueue(states: readonly string[] = REVIEW_QUEUE, limit = 200): Promise<BankCardRow[]> {
    return this.d.repo.reviewQueue(states, limit);
  }

  /** The reviewer's copies of a card's photos, decrypted. */
  async reviewPhotos(
    id: number,
  ): Promise<Array<{ field: BankImageField; data: Buffer; contentType: string }>> {
    const row = await this.d.repo.findAnyCard(id);
    if (!row) throw new AppError(RCODE.BANK_CARD_NOT_FOUND);
    const out: Array<{ field: BankImageField; data: Buffer; contentType: string }> = [];
    for (const field of BANK_IMAGE_FIELDS) {
      const imageId = row[`img_${field}`];
      const image = imageId === null ? undefined : await this.d.repo.findImageById(imageId);
      const data = image ? await this.d.images.read(image.file) : null;
      if (image && data) out.push({ field, data, contentType: image.content_type });
    }
    return out;
  }

  /**
   * The sandbox reviewer of demo mode: a submitted card is taken up at once and approved once it has waited
   * `delayMs`, so a person trying the product sees the states move without an operator.
   */
  async sandboxReview(delayMs: number): Promise<void> {
    const now = this.d.clock();
    for (const row of await this.d.repo.reviewQueue(REVIEW_QUEUE, 100)) {
      if (row.step !== MERCHANT_ENTRY_STEPS.submitted) continue;
      if ((row.submitted_at ?? now) + delayMs <= now) await this.review(row.id, { approve: true });
      else if (row.review_state === 'unreviewed') {
        await this.d.repo.updateCard(row.id, { review_state: 'reviewing', updated_at: now });
      }
    }
  }
}
