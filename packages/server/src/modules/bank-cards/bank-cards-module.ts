import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { OcrProvider } from '../../integrations/ocr/ocr-provider';
import type { Job } from '../../jobs/job-runner';
import type { AppModules } from '../apps/app-modules';
import type { Regions } from '../catalog/regions';
import { MachinePayouts } from '../devices/machine-payouts';
import { BankCardRepository } from './bank-card-repository';
import { BankCardReview } from './bank-card-review';
import { BankCardsService } from './bank-cards-service';
import { CardDataCipher } from './card-data-cipher';
import { PayoutAccounts } from './payout-accounts';
import { PayoutCards } from './payout-cards';
import { PrivateImages } from './private-images';

/** How long the demo's sandbox reviewer lets a submitted card wait before approving it. */
export const SANDBOX_REVIEW_DELAY_MS = 30_000;

export interface BankCardsModule {
  cards: BankCardsService;
  review: BankCardReview;
  /** Approved cards as payout accounts, for the funds module. */
  payoutAccounts: PayoutAccounts;
  /** A merchant's own cards as payout accounts, for the funds ledger (issue 16). */
  payoutCards: PayoutCards;
  /** The sandbox reviewer, in demo mode only. */
  jobs(): Job[];
}

export function createBankCards(deps: {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'uploadMaxBytes' | 'timeZone' | 'mode'>;
  apps: AppModules;
  regions: Regions;
  messaging: MessagingApp;
  ocr: OcrProvider;
  platformSecret: string;
  clock: () => number;
}): BankCardsModule {
  const cipher = new CardDataCipher(deps.platformSecret);
  const repo = new BankCardRepository(deps.db);
  const images = new PrivateImages(deps.config.dataDir, cipher);
  const review = new BankCardReview({ repo, images, clock: deps.clock });
  const cards = new BankCardsService({
    db: deps.db,
    repo,
    cipher,
    images,
    apps: deps.apps,
    regions: deps.regions,
    machines: new MachinePayouts(deps.db),
    messaging: deps.messaging,
    ocr: deps.ocr,
    platformSecret: deps.platformSecret,
    maxBytes: deps.config.uploadMaxBytes,
    clock: deps.clock,
    timeZone: deps.config.timeZone,
  });
  return {
    cards,
    review,
    payoutAccounts: new PayoutAccounts(repo, cipher),
    payoutCards: new PayoutCards(deps.db, cipher),
    jobs: () =>
      deps.config.mode === 'demo'
        ? [
            {
              name: 'bank-card-sandbox-review',
              everyMs: 10_000,
              run: () => review.sandboxReview(SANDBOX_REVIEW_DELAY_MS),
            },
          ]
        : [],
  };
}

/** The reviewer alone, for the CLI: the cards' rows and photos, nothing of the calls. */
export function createBankCardReview(deps: {
  db: Kysely<Database>;
  dataDir: string;
  platformSecret: string;
  clock: () => number;
}): BankCardReview {
  const cipher = new CardDataCipher(deps.platformSecret);
  return new BankCardReview({
    repo: new BankCardRepository(deps.db),
    images: new PrivateImages(deps.dataDir, cipher),
    clock: deps.clock,
  });
}
