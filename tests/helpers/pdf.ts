/**
 * A PDF's text read back as a reader's program extracts it (pdf.js, without rendering): one line
 * per text run, page after page. What it returns is what copying, searching and screen readers
 * get, so a letter drawn from the wrong glyph or without a character map shows here.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes the bytes over: a copy leaves the caller's buffer as it is.
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text.trim() !== '')
          .join('\n'),
      );
    }
    return pages.join('\n');
  } finally {
    await doc.destroy();
  }
}

/** Whether the bytes are a PDF file, by its signature. */
export const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
