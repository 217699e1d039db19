/**
 * A receipt's words, written on the server's main thread where staff's corrections of the texts
 * are in force (shared/messages), and the hash of them that a stored PDF is kept under: whatever
 * changes what the receipt says (a gift corrected, a text or a setting changed, the layout's
 * version) changes the hash, and the stored PDF is made again.
 */
import { createHash } from 'node:crypto';
import { FOUNDATION } from '../../shared/constants';
import { formatNaira } from '../../shared/format';
import { type Locale, type MessageKey, t } from '../../shared/messages';
import { nairaInWords } from '../../shared/naira-words';
import { mailDay } from './mails';
import { RECEIPT_LAYOUT_VERSION, type ReceiptDocument } from './receipt-pdf';

export interface ReceiptLine {
  receiptNumber: string;
  /** The Lagos day the money arrived, YYYY-MM-DD. */
  receivedOn: string;
  amount: number;
}

export interface ReceiptFacts {
  language: Locale;
  foundation: { address: string; email: string; phone: string; cacRcNumber: string };
  /** The donor's name as the supporter wall shows it; null for an anonymous gift. */
  donorName: string | null;
  campaign: string;
  reference: string;
  lines: ReceiptLine[];
}

/** What a receipt's lines add up to: the amount written in words. */
export const receiptTotal = (lines: ReceiptLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** The receipt of these facts, every word in its language. */
export function receiptDocument(facts: ReceiptFacts): ReceiptDocument {
  const l = facts.language;
  const say = (key: MessageKey, vars?: Record<string, string>) => t(key, vars, l);
  const total = receiptTotal(facts.lines);
  const { foundation } = facts;
  return {
    language: l,
    info: {
      title: say('pledgePage.receiptPdfTitle', { number: facts.lines.map((line) => line.receiptNumber).join(', ') }),
      author: FOUNDATION.name,
      subject: `${facts.campaign} · ${facts.reference}`,
    },
    foundation: {
      name: FOUNDATION.name,
      lines: [
        foundation.address,
        `${foundation.email} · ${foundation.phone}`,
        ...(foundation.cacRcNumber ? [say('pledgePage.cacRcNumber', { number: foundation.cacRcNumber })] : []),
      ],
    },
    title: say('pledgePage.receiptTitle'),
    ...(facts.donorName ? { donor: { label: say('pledgePage.receiptFrom'), name: facts.donorName } } : {}),
    table: {
      heading: [say('pledgePage.receiptNumber'), say('pledgePage.receiptDate'), say('pledgePage.receiptAmount')],
      rows: facts.lines.map((line) => [line.receiptNumber, mailDay(line.receivedOn, l), formatNaira(line.amount)]),
      ...(facts.lines.length > 1 ? { total: [say('pledgePage.receiptTotal'), '', formatNaira(total)] } : {}),
    },
    facts: [
      { label: say('pledgePage.receiptInWords'), value: nairaInWords(total, l) },
      { label: say('pledgePage.receiptCampaign'), value: facts.campaign },
      { label: say('pledgePage.reference'), value: facts.reference },
    ],
    thanks: say('pledgePage.receiptThanks'),
  };
}

/** The hash a stored receipt is kept under: of its words and of the layout that draws them. */
export const receiptHash = (receipt: ReceiptDocument): string =>
  createHash('sha256')
    .update(JSON.stringify([RECEIPT_LAYOUT_VERSION, receipt]))
    .digest('base64url');
