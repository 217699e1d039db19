/**
 * Writes server/giving/receipt-fonts/: the fonts of the PDF receipt (server/giving/receipt-pdf.ts),
 * Noto Sans Regular and Bold cut down to the characters a receipt can hold. Run by hand when the
 * characters change; the output is committed, so the server needs neither this script nor the
 * system's fonts.
 *
 *   node scripts/receipt-fonts.mjs [directory of NotoSans-Regular.ttf and NotoSans-Bold.ttf]
 *
 * The source is Debian's fonts-noto-core (/usr/share/fonts/truetype/noto/ unless told), under the
 * SIL Open Font License 1.1 (OFL.txt beside the output), which allows subsetting and shipping.
 *
 * Kept: Basic Latin, Latin-1 and Latin Extended-A (names people type), the Hausa letters ɓ ɗ ƙ ƴ
 * and their capitals, the Hausa apostrophe ʼ, the naira sign, and typographic punctuation.
 */
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const source = process.argv[2] ?? '/usr/share/fonts/truetype/noto';
const out = path.join(root, 'server/giving/receipt-fonts');

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
const CHARS = `${range(0x20, 0x7e)}${range(0xa0, 0x17f)}ƁɓƊɗƘƙƳƴʼ₦‘’‚“”„–—…•·′″‹›€™`;

fs.mkdirSync(out, { recursive: true });
for (const face of ['NotoSans-Regular', 'NotoSans-Bold']) {
  const ttf = await subsetFont(fs.readFileSync(path.join(source, `${face}.ttf`)), CHARS, { targetFormat: 'truetype' });
  fs.writeFileSync(path.join(out, `${face}.ttf`), ttf);
  console.log(`${face}.ttf: ${ttf.length} bytes`);
}
