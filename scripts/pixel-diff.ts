/**
 * Compares two folders of screenshots (as scripts/screens.ts writes them) pixel by pixel: for each
 * PNG of the same name, the share of pixels that differ, or that the sizes differ; a diff image per
 * differing file (changed pixels in red over a faded copy of the first). Exits with 1 when any file
 * differs by more than the allowed share of its pixels, changed size or is missing on one side.
 *
 *   npx tsx scripts/pixel-diff.ts <beforeDir> <afterDir> [diffDir] [--max-share <percent>] [--threshold <0..1>] [--strict]
 *
 * --max-share: the share of pixels a file may differ by, in percent (0.1 unless told).
 * --threshold: pixelmatch's colour distance under which two pixels count as equal (0.1 unless
 * told); pixels pixelmatch finds to be anti-aliasing (the smoothed edge of a rounded corner, which
 * Chromium may shade a little differently between two paints of the same page) are not counted.
 * --strict: every changed pixel counts, anti-aliasing included (threshold 0).
 * diffDir defaults to <afterDir>-diff.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-share': { type: 'string', default: '0.1' },
    threshold: { type: 'string', default: '0.1' },
    strict: { type: 'boolean', default: false },
  },
});
const [beforeDir, afterDir, diffArg] = positionals;
if (!beforeDir || !afterDir) {
  console.error(
    'usage: tsx scripts/pixel-diff.ts <beforeDir> <afterDir> [diffDir] [--max-share <percent>] [--threshold <0..1>] [--strict]',
  );
  process.exit(2);
}
const diffDir = path.resolve(diffArg ?? `${afterDir.replace(/\/+$/, '')}-diff`);
const maxShare = Number(values['max-share']);
const strict = values.strict ?? false;
const threshold = strict ? 0 : Number(values.threshold);

interface Row {
  file: string;
  result: string;
  detail: string;
  failed: boolean;
}

/** A PNG's pixels as RGBA bytes. */
async function rgba(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function compare(file: string): Promise<Row> {
  const beforeFile = path.join(beforeDir!, file);
  const afterFile = path.join(afterDir!, file);
  if (!fs.existsSync(afterFile)) return { file, result: 'missing', detail: `not in ${afterDir}`, failed: true };
  if (!fs.existsSync(beforeFile)) return { file, result: 'new', detail: `not in ${beforeDir}`, failed: true };
  const [before, after] = await Promise.all([rgba(beforeFile), rgba(afterFile)]);
  if (before.width !== after.width || before.height !== after.height) {
    return {
      file,
      result: 'size',
      detail: `${before.width}x${before.height} -> ${after.width}x${after.height}`,
      failed: true,
    };
  }
  const { width, height } = before;
  const output = Buffer.alloc(width * height * 4);
  const differing = pixelmatch(before.data, after.data, output, width, height, { threshold, includeAA: strict });
  const share = (differing / (width * height)) * 100;
  if (differing > 0) {
    fs.mkdirSync(diffDir, { recursive: true });
    await sharp(output, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(path.join(diffDir, file));
  }
  const failed = share > maxShare;
  return {
    file,
    result: differing === 0 ? 'same' : failed ? 'differs' : 'within',
    detail: `${share.toFixed(4)}% (${differing} of ${width}x${height})`,
    failed,
  };
}

const pngs = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.png')) : []);
const files = [...new Set([...pngs(beforeDir), ...pngs(afterDir)])].sort();
if (files.length === 0) {
  console.error(`no PNG files in ${beforeDir} or ${afterDir}`);
  process.exit(2);
}

const rows: Row[] = [];
for (const file of files) rows.push(await compare(file));

const nameWidth = Math.max(4, ...rows.map((r) => r.file.length));
console.log(`${'file'.padEnd(nameWidth)}  ${'result'.padEnd(8)}  pixels differing`);
console.log(`${'-'.repeat(nameWidth)}  ${'-'.repeat(8)}  ${'-'.repeat(16)}`);
for (const row of rows) console.log(`${row.file.padEnd(nameWidth)}  ${row.result.padEnd(8)}  ${row.detail}`);

const failed = rows.filter((r) => r.failed);
const changed = rows.filter((r) => r.result !== 'same');
console.log(
  `\n${rows.length} files: ${rows.length - changed.length} identical, ${changed.length - failed.length} within ${maxShare}%, ${failed.length} failing`,
);
if (changed.length > 0) console.log(`diff images in ${diffDir}`);
process.exitCode = failed.length > 0 ? 1 : 0;
