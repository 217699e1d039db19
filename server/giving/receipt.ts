/**
 * The donor's receipt as a PDF to keep: from the pledge page (`GET /api/pledges/{reference}/receipt.pdf`
 * and `pledge.receiptPdf`), and attached to the receipt mail of each gift (made as the mail
 * leaves: server/mail/attachments.ts).
 *
 * It names what anyone with the reference may already read on the pledge page once money has
 * arrived: the donor's name as the supporter wall shows it (none for an anonymous gift), never
 * the phone or email.
 *
 * A pledge's receipt is made once per language and stored (receipt-store.ts) under the hash of
 * its words (receipt-document.ts): the builder (receipt-builder.ts) makes it after the gift is
 * recorded, and a read serves the stored file while its words are the same. A read that finds
 * none current (the builder has not come to it yet, or a text, a setting or a gift changed what
 * it says) makes it once, in the worker thread, and stores it; reads of the same receipt meanwhile
 * wait for that one. Nothing here lays out a PDF on the event loop. A read costs two small
 * queries (the pledge, its gifts) to know the words, and the file from memory for the receipts
 * read last, else a third.
 */
import { sql } from 'kysely';
import { isLocale, type Locale, t } from '../../shared/messages';
import type { DB } from '../db/database';
import type { Row } from '../db/schema';
import type { Deps } from '../deps';
import { NotFoundError } from '../errors';
import { getSettings } from '../settings/service';
import { titleIn } from './mails';
import { type ReceiptFacts, type ReceiptLine, receiptDocument, receiptHash } from './receipt-document';
import type { ReceiptDocument } from './receipt-pdf';
import { buildReceiptPdf } from './receipt-pdf-thread';
import { storedReceiptPdf, storeReceiptPdf } from './receipt-store';
import { normaliseReference } from './reference';

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

export type ReceiptDeps = Pick<Deps, 'db' | 'publicData' | 'config'>;

/** What a pledge's receipt is made from: the pledge, and its campaign's Hausa title while it has one. */
export type ReceiptPledge = Pick<
  Row<'pledges'>,
  'id' | 'reference' | 'name' | 'anonymous' | 'language' | 'campaignTitle'
> & {
  titleHa: string | null;
};

/** A pledge as its receipt needs it, by its payment reference (any spelling) or its id. */
export async function receiptPledge(
  db: DB,
  by: { reference: string } | { id: string },
): Promise<ReceiptPledge | undefined> {
  const reference = 'reference' in by ? normaliseReference(by.reference) : undefined;
  if (reference === null) return undefined;
  return db
    .selectFrom('pledges')
    .leftJoin('campaigns', 'campaigns.id', 'pledges.campaignId')
    .select([
      'pledges.id',
      'pledges.reference',
      'pledges.name',
      'pledges.anonymous',
      'pledges.language',
      'pledges.campaignTitle',
      'campaigns.titleHa',
    ])
    .where((eb) => ('id' in by ? eb('pledges.id', '=', by.id) : eb('pledges.reference', '=', reference!)))
    .executeTakeFirst();
}

/** The foundation as the receipt names it, from the settings. */
async function foundationOf(deps: ReceiptDeps): Promise<ReceiptFacts['foundation']> {
  const s = await getSettings(deps);
  return { address: s.contactAddress, email: s.contactEmail, phone: s.contactPhone, cacRcNumber: s.cacRcNumber };
}

/** A pledge's counting gifts, in the order the page lists them. */
function countingLines(db: DB, pledgeId: string): Promise<ReceiptLine[]> {
  return db
    .selectFrom('gifts')
    .select(['receiptNumber', 'amount', sql<string>`received_on::text`.as('receivedOn')])
    .where('pledgeId', '=', pledgeId)
    .where('reversedAt', 'is', null)
    .orderBy('receivedOn')
    .orderBy('receiptNumber')
    .execute();
}

/** What a receipt says, in `language`, of the pledge and these of its payments. */
async function documentOf(
  deps: ReceiptDeps,
  pledge: Omit<ReceiptPledge, 'id' | 'language'>,
  lines: ReceiptLine[],
  language: Locale,
): Promise<ReceiptDocument> {
  return receiptDocument({
    language,
    foundation: await foundationOf(deps),
    donorName: pledge.anonymous ? null : pledge.name,
    campaign: titleIn(language, pledge.campaignTitle, pledge.titleHa ?? undefined),
    reference: pledge.reference,
    lines,
  });
}

/** The receipt of everything a pledge has received, in `language`; undefined while nothing has been. */
export async function pledgeReceiptDocument(
  deps: ReceiptDeps,
  pledge: ReceiptPledge,
  language: Locale,
): Promise<ReceiptDocument | undefined> {
  const lines = await countingLines(deps.db, pledge.id);
  return lines.length === 0 ? undefined : documentOf(deps, pledge, lines, language);
}

/** The stored receipts read last, kept up to this many bytes (a receipt is about 20 kB). */
const KEPT_BYTES = 4 * 1024 * 1024;

/**
 * Per database: the receipts read last, by pledge, language and content hash, oldest first (a
 * stored copy, so a receipt whose words changed is simply not found), and the receipts being
 * made now, so that a second ask waits for the first.
 */
interface Receipts {
  kept: Map<string, Buffer>;
  keptBytes: number;
  making: Map<string, Promise<Buffer>>;
}
const receiptsOf = new WeakMap<DB, Receipts>();

function keep(receipts: Receipts, key: string, pdf: Buffer) {
  receipts.keptBytes += pdf.length - (receipts.kept.get(key)?.length ?? 0);
  receipts.kept.delete(key);
  receipts.kept.set(key, pdf);
  for (const [oldest, bytes] of receipts.kept) {
    if (receipts.keptBytes <= KEPT_BYTES) break;
    receipts.kept.delete(oldest);
    receipts.keptBytes -= bytes.length;
  }
}

/**
 * The PDF of a pledge's receipt as it reads now: the stored one when it was made from these
 * words, else made once in the worker thread and stored. `made` is told when this call made it.
 */
export async function currentReceiptPdf(
  db: DB,
  pledgeId: string,
  receipt: ReceiptDocument,
  made?: () => void,
): Promise<Buffer> {
  const receipts = receiptsOf.get(db) ?? { kept: new Map(), keptBytes: 0, making: new Map() };
  receiptsOf.set(db, receipts);
  const contentHash = receiptHash(receipt);
  const key = `${pledgeId}:${receipt.language}:${contentHash}`;
  const kept = receipts.kept.get(key);
  if (kept) {
    // Read again: the last to go.
    receipts.kept.delete(key);
    receipts.kept.set(key, kept);
    return kept;
  }
  let pdf = receipts.making.get(key);
  if (!pdf) {
    pdf = (async () => {
      let bytes = await storedReceiptPdf(db, pledgeId, receipt.language, contentHash);
      if (!bytes) {
        bytes = await buildReceiptPdf(receipt);
        made?.();
        await storeReceiptPdf(db, { pledgeId, language: receipt.language, contentHash, pdf: bytes });
      }
      keep(receipts, key, bytes);
      return bytes;
    })().finally(() => receipts.making.delete(key));
    receipts.making.set(key, pdf);
  }
  return pdf;
}

/**
 * The receipt of everything received for a pledge, as its page lists it, in `language` (the
 * page's, when the download link says) or else the language the pledge was made in. 404 while
 * nothing has been received: there is no receipt yet.
 */
export async function pledgeReceiptPdf(
  deps: ReceiptDeps,
  reference: string,
  language?: string | undefined,
): Promise<ReceiptFile> {
  const pledge = await receiptPledge(deps.db, { reference });
  if (!pledge) throw new NotFoundError(t('pledge.notFound'));
  const receipt = await pledgeReceiptDocument(deps, pledge, isLocale(language) ? language : pledge.language);
  if (!receipt) throw new NotFoundError(t('pledge.noReceiptYet'));
  return { filename: `receipt-${pledge.reference}.pdf`, pdf: await currentReceiptPdf(deps.db, pledge.id, receipt) };
}

/**
 * The receipt of one gift of a pledge, by its receipt number, for its receipt mail, in the
 * pledge's language. Made from the gift's own row whatever became of it since (the mail says what
 * was received), in the worker thread, and not stored: the mail is sent once. Undefined when
 * there is no such gift of a pledge.
 */
export async function giftReceiptPdf(deps: ReceiptDeps, receiptNumber: string): Promise<ReceiptFile | undefined> {
  const gift = await deps.db
    .selectFrom('gifts')
    .innerJoin('pledges', 'pledges.id', 'gifts.pledgeId')
    .select([
      'gifts.receiptNumber',
      'gifts.amount',
      sql<string>`gifts.received_on::text`.as('receivedOn'),
      'pledges.reference',
      'pledges.name',
      'pledges.anonymous',
      'pledges.language',
      'pledges.campaignTitle',
    ])
    .leftJoin('campaigns', 'campaigns.id', 'pledges.campaignId')
    .select('campaigns.titleHa')
    .where('gifts.receiptNumber', '=', receiptNumber)
    .executeTakeFirst();
  if (!gift) return undefined;
  const line = { receiptNumber: gift.receiptNumber, receivedOn: gift.receivedOn, amount: gift.amount };
  const pdf = await buildReceiptPdf(await documentOf(deps, gift, [line], gift.language));
  return { filename: `receipt-${gift.receiptNumber}.pdf`, pdf };
}
