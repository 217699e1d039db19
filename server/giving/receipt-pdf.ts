/**
 * The donor's receipt as a PDF (pdfkit), laid out like the receipt on the pledge page
 * (client/pages/public/pledge-receipt.tsx): the foundation and its registration number, who gave,
 * the table of payments, the amount in words, the campaign and the reference, and the thanks. A5,
 * in one language, with Noto Sans embedded (receipt-fonts/, made by scripts/receipt-fonts.mjs) so
 * that Hausa names and words keep their ɓ ɗ ƙ ƴ on any reader.
 *
 * It lays out a document whose words are already written (receipt-document.ts), and runs in a
 * worker thread (receipt-pdf-worker.ts): the layout and the font subsetting are tens of
 * milliseconds of CPU that the server's event loop never spends.
 */
import fs from 'node:fs';
import type { Locale } from '../../shared/messages';
import { COLORS } from '../mail/templates/colors';

/**
 * The layout's version, part of each stored receipt's content hash: change it with the layout or
 * the fonts, and every stored receipt is made again when it is next read.
 */
export const RECEIPT_LAYOUT_VERSION = 1;

/** A row of the table of payments: the receipt number, the day, the amount. */
export type ReceiptRow = [string, string, string];

/** A receipt with every word written, in its language: what the layout draws, and nothing else. */
export interface ReceiptDocument {
  language: Locale;
  /** The file's properties, which a reader shows. */
  info: { title: string; author: string; subject: string };
  /** The foundation's name, and the lines under it (address, contact, registration number). */
  foundation: { name: string; lines: string[] };
  title: string;
  /** Whom it was received from: none for an anonymous gift. */
  donor?: { label: string; name: string };
  /** The table of payments, with a total row under more than one. */
  table: { heading: ReceiptRow; rows: ReceiptRow[]; total?: ReceiptRow };
  /** The labelled values under the table: the amount in words, the campaign, the reference. */
  facts: { label: string; value: string }[];
  thanks: string;
}

// pdfkit and its font engine are loaded with the first receipt: a thread that makes none never does.
let pdfkit: Promise<PDFKit.PDFDocument> | undefined;
const loadPdfkit = () => {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  return pdfkit;
};

// Beside this file in the source, beside the built worker once built (scripts/build.mjs copies them).
const FONT_DIR = new URL('./receipt-fonts/', import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => {
  fonts ??= {
    regular: fs.readFileSync(new URL('NotoSans-Regular.ttf', FONT_DIR)),
    bold: fs.readFileSync(new URL('NotoSans-Bold.ttf', FONT_DIR)),
  };
  return fonts;
};

// A5 in points, and the layout's measures.
const PAGE = { width: 419.53, margin: 36 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS = [0.36, 0.36, 0.28].map((share) => share * WIDTH);

/** The receipt's PDF bytes. */
export async function receiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const l = receipt.language;
  const doc = new PDFDocument({
    size: 'A5',
    margin: PAGE.margin,
    lang: l,
    displayTitle: true,
    info: { Title: receipt.info.title, Author: receipt.info.author, Subject: receipt.info.subject },
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
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(COLORS.green700)
    .text(receipt.foundation.name, x, PAGE.margin, { width: WIDTH });
  doc.moveDown(0.2);
  doc.font('regular').fontSize(9).fillColor(COLORS.muted);
  for (const line of receipt.foundation.lines) doc.text(line, { width: WIDTH });
  doc.moveDown(0.8);
  rule();
  doc.moveDown(0.8);

  doc.font('bold').fontSize(20).fillColor(COLORS.green).text(receipt.title, x, doc.y, { width: WIDTH });
  doc.moveDown(0.5);
  if (receipt.donor) {
    label(receipt.donor.label);
    value(receipt.donor.name, 12);
  }

  // The table of payments: number, day, amount; a total under more than one.
  const row = (cells: ReceiptRow, font: 'regular' | 'bold', color: string) => {
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
  row(receipt.table.heading, 'bold', COLORS.muted);
  for (const cells of receipt.table.rows) row(cells, 'regular', COLORS.text);
  if (receipt.table.total) row(receipt.table.total, 'bold', COLORS.text);
  doc.moveDown(0.6);

  for (const fact of receipt.facts) {
    label(fact.label);
    value(fact.value);
  }

  doc.moveDown(0.4);
  doc.font('regular').fontSize(10).fillColor(COLORS.text).text(receipt.thanks, x, doc.y, {
    width: WIDTH,
    lineGap: 2,
  });
  doc.end();
  return done;
}
