/**
 * The donor's receipt as a PDF (pdfkit), laid out like the receipt on the pledge page
 * (client/pages/public/pledge-receipt.tsx): the foundation and its registration number, who gave,
 * the table of payments, the amount in words, the campaign and the reference, and the thanks. A5,
 * in one language, with Noto Sans embedded (receipt-fonts/, made by scripts/receipt-fonts.mjs) so
 * that Hausa names and words keep their ɓ ɗ ƙ ƴ on any reader.
 */
import fs from 'node:fs';
import { FOUNDATION } from '../../shared/constants';
import { formatNaira } from '../../shared/format';
import { type Locale, type MessageKey, t } from '../../shared/messages';
import { nairaInWords } from '../../shared/naira-words';
import { COLORS } from '../mail/templates/layout';
import { mailDay } from './mails';

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

// pdfkit and its font engine are loaded with the first receipt: a process that makes none never does.
let pdfkit: Promise<PDFKit.PDFDocument> | undefined;
const loadPdfkit = () => {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  return pdfkit;
};

// Beside this file in the source, beside main.js once built (scripts/build.mjs copies them).
const FONT_DIR = new URL('./receipt-fonts/', import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => {
  fonts ??= {
    regular: fs.readFileSync(new URL('NotoSans-Regular.ttf', FONT_DIR)),
    bold: fs.readFileSync(new URL('NotoSans-Bold.ttf', FONT_DIR)),
  };
  return fonts;
};

/** What a receipt's lines add up to: the amount written in words. */
export const receiptTotal = (lines: ReceiptLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

// A5 in points, and the layout's measures.
const PAGE = { width: 419.53, margin: 36 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS = [0.36, 0.36, 0.28].map((share) => share * WIDTH);

/** The receipt's PDF bytes. */
export async function receiptPdf(facts: ReceiptFacts): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const l = facts.language;
  const say = (key: MessageKey, vars?: Record<string, string>) => t(key, vars, l);
  const numbers = facts.lines.map((line) => line.receiptNumber).join(', ');
  const doc = new PDFDocument({
    size: 'A5',
    margin: PAGE.margin,
    lang: l,
    displayTitle: true,
    info: {
      Title: say('pledgePage.receiptPdfTitle', { number: numbers }),
      Author: FOUNDATION.name,
      Subject: `${facts.campaign} · ${facts.reference}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const x = PAGE.margin;

  const label = (text: string) => {
    doc.font('regular').fontSize(7.5).fillColor(COLORS.muted).text(text.toLocaleUpperCase(l), x, doc.y, {
      width: WIDTH,
      characterSpacing: 0.6,
    });
    doc.moveDown(0.15);
  };
  const value = (text: string, size = 11) => {
    doc.font('bold').fontSize(size).fillColor(COLORS.text).text(text, x, doc.y, { width: WIDTH });
    doc.moveDown(0.6);
  };
  const rule = () => {
    doc
      .moveTo(x, doc.y)
      .lineTo(x + WIDTH, doc.y)
      .lineWidth(0.75)
      .strokeColor(COLORS.border)
      .stroke();
  };

  // The foundation, as the page's receipt opens.
  doc.rect(0, 0, PAGE.width, 6).fill(COLORS.green700);
  doc.font('bold').fontSize(13).fillColor(COLORS.green700).text(FOUNDATION.name, x, PAGE.margin, { width: WIDTH });
  doc.moveDown(0.2);
  doc.font('regular').fontSize(9).fillColor(COLORS.muted);
  doc.text(facts.foundation.address, { width: WIDTH });
  doc.text(`${facts.foundation.email} · ${facts.foundation.phone}`, { width: WIDTH });
  if (facts.foundation.cacRcNumber) {
    doc.text(say('pledgePage.cacRcNumber', { number: facts.foundation.cacRcNumber }), { width: WIDTH });
  }
  doc.moveDown(0.8);
  rule();
  doc.moveDown(0.8);

  doc
    .font('bold')
    .fontSize(20)
    .fillColor(COLORS.green)
    .text(say('pledgePage.receiptTitle'), x, doc.y, { width: WIDTH });
  doc.moveDown(0.5);
  if (facts.donorName) {
    label(say('pledgePage.receiptFrom'));
    value(facts.donorName, 12);
  }

  // The table of payments: number, day, amount; a total under more than one.
  const row = (cells: string[], font: 'regular' | 'bold', color: string) => {
    const top = doc.y;
    doc
      .font(font)
      .fontSize(font === 'bold' ? 9.5 : 10)
      .fillColor(color);
    let height = 0;
    let left = x;
    cells.forEach((cell, i) => {
      const width = COLUMNS[i]! - (i === cells.length - 1 ? 0 : 6);
      const align = i === cells.length - 1 ? 'right' : 'left';
      doc.text(cell, left, top, { width, align });
      height = Math.max(height, doc.y - top);
      left += COLUMNS[i]!;
    });
    doc.y = top + height + 5;
    rule();
    doc.y += 6;
  };
  doc.moveDown(0.2);
  row(
    [say('pledgePage.receiptNumber'), say('pledgePage.receiptDate'), say('pledgePage.receiptAmount')],
    'bold',
    COLORS.muted,
  );
  for (const line of facts.lines) {
    row([line.receiptNumber, mailDay(line.receivedOn, l), formatNaira(line.amount)], 'regular', COLORS.text);
  }
  const total = receiptTotal(facts.lines);
  if (facts.lines.length > 1) row([say('pledgePage.receiptTotal'), '', formatNaira(total)], 'bold', COLORS.text);
  doc.moveDown(0.6);

  label(say('pledgePage.receiptInWords'));
  value(nairaInWords(total, l));
  label(say('pledgePage.receiptCampaign'));
  value(facts.campaign);
  label(say('pledgePage.reference'));
  value(facts.reference);

  doc.moveDown(0.4);
  doc.font('regular').fontSize(10).fillColor(COLORS.text).text(say('pledgePage.receiptThanks'), x, doc.y, {
    width: WIDTH,
    lineGap: 2,
  });
  doc.end();
  return done;
}
