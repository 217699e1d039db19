/**
 * The receipt builder: makes the receipts of the pledges a gift queued (receipt-store.ts), in both
 * languages, soon after the gift's transaction commits, so that donors' reads find them stored.
 * It runs in every server process (server/main.ts): at start, after each change of the public
 * data (a recorded or reversed gift moves a campaign's total, which announces one) and every few
 * seconds. Its receipts are made in the worker thread like any other (receipt-pdf-thread.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOCALE_CODES } from '../../shared/messages';
import type { Deps } from '../deps';
import { currentReceiptPdf, pledgeReceiptDocument, type ReceiptDeps, receiptPledge } from './receipt';
import { claimReceiptBuilds, finishReceiptBuild, forgetReceiptPdfs } from './receipt-store';

/** A claim is held this long: a builder that died leaves its pledges to another after it. */
const LEASE_MS = 60_000;
/** Pledges claimed at once. */
const BATCH = 10;
const POLL_MS = 5_000;
// A gift's transaction usually commits this soon after the change is announced.
const WAKE_DELAY_MS = 50;

type BuilderDeps = ReceiptDeps & Pick<Deps, 'now'>;

/** Makes a pledge's receipts current in every language; answers how many were made. */
async function refreshReceipts(deps: BuilderDeps, pledgeId: string): Promise<number> {
  const pledge = await receiptPledge(deps.db, { id: pledgeId });
  if (!pledge) return 0;
  let made = 0;
  for (const language of LOCALE_CODES) {
    const receipt = await pledgeReceiptDocument(deps, pledge, language);
    if (!receipt) {
      // Every gift of it was taken back: no receipt to keep.
      await forgetReceiptPdfs(deps.db, pledgeId);
      return made;
    }
    await currentReceiptPdf(deps.db, pledgeId, receipt, () => made++);
  }
  return made;
}

export interface BuildRound {
  /** Receipts made (a receipt already current is not made again). */
  made: number;
  /** Pledges whose receipts could not be made: left claimed, tried again once their lease ends. */
  failed: { pledgeId: string; error: unknown }[];
}

/** Empties the queue as it stands: each claimed pledge's receipts made, then taken off. */
export async function buildQueuedReceipts(deps: BuilderDeps): Promise<BuildRound> {
  const round: BuildRound = { made: 0, failed: [] };
  for (;;) {
    const claims = await claimReceiptBuilds(deps.db, deps.now(), BATCH, LEASE_MS);
    if (claims.length === 0) return round;
    for (const claim of claims) {
      try {
        round.made += await refreshReceipts(deps, claim.pledgeId);
        await finishReceiptBuild(deps.db, claim);
      } catch (error) {
        round.failed.push({ pledgeId: claim.pledgeId, error });
      }
    }
  }
}

/** Starts the builder; answers a function that stops it (a receipt being made is finished). */
export function startReceiptBuilder(deps: Deps, log: FastifyBaseLogger): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms).unref();
  };
  function tick() {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = buildQueuedReceipts(deps)
      .then(({ failed }) => {
        for (const { pledgeId, error } of failed)
          log.error({ err: error, pledgeId }, 'a receipt PDF could not be made');
      })
      .catch((error: unknown) => log.error({ err: error }, 'the receipt builder failed'))
      .finally(() => {
        round = undefined;
        schedule(again ? 0 : POLL_MS);
        again = false;
      });
  }

  deps.publicDataVersion.onChange(() => {
    if (round) again = true;
    else schedule(WAKE_DELAY_MS);
  });
  schedule(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
