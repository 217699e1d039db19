/**
 * The donor's receipt as a PDF to keep: from the pledge page (`GET /api/pledges/{reference}/receipt.pdf`
 * and `pledge.receiptPdf`), and attached to the receipt mail of each gift (made as the mail
 * leaves: server/mail/attachments.ts).
 *
 * It names what anyone with the reference may already read on the pledge page once money has
 * arrived: the donor's name as the supporter wall shows it (none for an anonymous gift), never
 * the phone or email.
 */
import { sql } from 'kysely';
import { isLocale, type Locale, t } from '../../shared/messages';
import type { DB } from '../db/database';
import type { Deps } from '../deps';
import { NotFoundError } from '../errors';
import { getSettings } from '../settings/service';
import { titleIn } from './mails';
import { findByReference } from './pledges';
import { type ReceiptFacts, type ReceiptLine, receiptPdf } from './receipt-pdf';

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

type ReceiptDeps = Pick<Deps, 'db' | 'publicData' | 'config'>;

/** The foundation as the receipt names it, from the settings. */
async function foundationOf(deps: ReceiptDeps): Promise<ReceiptFacts['foundation']> {
  const s = await getSettings(deps);
  return { address: s.contactAddress, email: s.contactEmail, phone: s.contactPhone, cacRcNumber: s.cacRcNumber };
}

/** A campaign's Hausa title, where the campaign is still there and has one. */
async function titleHaOf(db: DB, campaignId: string | null): Promise<string | undefined> {
  if (!campaignId) return undefined;
  const row = await db.selectFrom('campaigns').select('titleHa').where('id', '=', campaignId).executeTakeFirst();
  return row?.titleHa ?? undefined;
}

/**
 * The last few receipts made, by their facts: a donor downloading the same receipt again, or many
 * times over, costs a lookup, not another render (some tens of milliseconds of the event loop).
 */
const recent = new Map<string, Promise<Buffer>>();
function pdfOf(facts: ReceiptFacts): Promise<Buffer> {
  const key = JSON.stringify(facts);
  let pdf = recent.get(key);
  if (!pdf) {
    if (recent.size >= 32) recent.delete(recent.keys().next().value!);
    pdf = receiptPdf(facts);
    recent.set(key, pdf);
    pdf.catch(() => recent.delete(key));
  }
  return pdf;
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
  const pledge = await findByReference(deps.db, reference);
  const lines = await countingLines(deps.db, pledge.id);
  if (lines.length === 0) throw new NotFoundError(t('pledge.noReceiptYet'));
  const l: Locale = isLocale(language) ? language : pledge.language;
  const pdf = await pdfOf({
    language: l,
    foundation: await foundationOf(deps),
    donorName: pledge.anonymous ? null : pledge.name,
    campaign: titleIn(l, pledge.campaignTitle, await titleHaOf(deps.db, pledge.campaignId)),
    reference: pledge.reference,
    lines,
  });
  return { filename: `receipt-${pledge.reference}.pdf`, pdf };
}

/**
 * The receipt of one gift of a pledge, by its receipt number, for its receipt mail, in the
 * pledge's language. Made from the gift's own row whatever became of it since (the mail says what
 * was received); undefined when there is no such gift of a pledge.
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
      'pledges.campaignId',
    ])
    .where('gifts.receiptNumber', '=', receiptNumber)
    .executeTakeFirst();
  if (!gift) return undefined;
  const l = gift.language;
  const pdf = await pdfOf({
    language: l,
    foundation: await foundationOf(deps),
    donorName: gift.anonymous ? null : gift.name,
    campaign: titleIn(l, gift.campaignTitle, await titleHaOf(deps.db, gift.campaignId)),
    reference: gift.reference,
    lines: [{ receiptNumber: gift.receiptNumber, receivedOn: gift.receivedOn, amount: gift.amount }],
  });
  return { filename: `receipt-${gift.receiptNumber}.pdf`, pdf };
}
