/**
 * Writes client/generated/: the site's two fonts cut down to the characters it uses,
 * web-fonts.css with their @font-face rules, and fonts.css with the metric-matched fallbacks and
 * the font stacks. `npm run build` and `npm run dev` run it first; the output is not committed.
 * fonts.css is in the page's stylesheet; web-fonts.css is added by client/lib/web-fonts.ts, at
 * once where the phone has the font files, else from the next page: they never hold back a paint.
 *
 * - Subset: Basic Latin, Latin-1 and typographic punctuation in one file per family, and a second
 *   small file with the naira sign and the Hausa letters (ɓ ɗ ƙ ƴ and their capitals), which the
 *   browser fetches only for a page that shows one (unicode-range).
 * - The weight axis is cut to the weights the styles use (400 to 800).
 * - Fallbacks: each family falls back to a local font (Roboto or Noto Serif on Android phones,
 *   Arial or Georgia on Windows and Macs, Liberation on Linux) resized to the web font's metrics,
 *   computed by Capsize, so the text does not move when the web font arrives (font-display: swap).
 * - The page's variables name only those local fonts; web-fonts.css, when it is added, puts the
 *   web font first. Until then the browser never looks for a family it cannot have (a search per
 *   text size on the first layout), and with data saver on (`<html data-saver="on">`) no page
 *   element uses a web font, so the browser never fetches one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import fraunces from '@capsizecss/metrics/fraunces';
import georgia from '@capsizecss/metrics/georgia';
import inter from '@capsizecss/metrics/inter';
import notoSerif from '@capsizecss/metrics/notoSerif';
import roboto from '@capsizecss/metrics/roboto';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'client/generated');
const WEIGHTS = { min: 400, max: 800 };

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
const SUBSETS = {
  latin: {
    chars: `${range(0x20, 0x7e)}${range(0xa0, 0xff)}‘’‚“”„–—…•·′″‹›€™`,
    unicodeRange:
      'U+0020-007E, U+00A0-00FF, U+2013-2014, U+2018-201E, U+2022, U+2026, U+2032-2033, U+2039-203A, U+20AC, U+2122',
  },
  extra: {
    chars: '₦ƁɓƊɗƘƙƳƴʼ',
    unicodeRange: 'U+20A6, U+0181, U+0253, U+018A, U+0257, U+0198-0199, U+01B3-01B4, U+02BC',
  },
};

/** Liberation Sans and Serif (Linux) have the metrics of Arial and Times New Roman by design. */
const liberationSans = {
  ...arial,
  familyName: 'Liberation Sans',
  fullName: 'Liberation Sans',
  postscriptName: 'LiberationSans',
};
const liberationSerif = {
  ...timesNewRoman,
  familyName: 'Liberation Serif',
  fullName: 'Liberation Serif',
  postscriptName: 'LiberationSerif',
};

const FAMILIES = [
  {
    family: 'Inter Variable',
    file: 'inter',
    sources: { latin: 'inter-latin-wght-normal.woff2', extra: 'inter-latin-ext-wght-normal.woff2' },
    dir: '@fontsource-variable/inter/files',
    variable: '--font-body',
    stack: [{ ...inter, familyName: 'Inter Variable' }, roboto, arial, liberationSans],
    generic: 'system-ui, sans-serif',
  },
  {
    family: 'Fraunces Variable',
    file: 'fraunces',
    sources: { latin: 'fraunces-latin-wght-normal.woff2', extra: 'fraunces-latin-ext-wght-normal.woff2' },
    dir: '@fontsource-variable/fraunces/files',
    variable: '--font-heading',
    stack: [{ ...fraunces, familyName: 'Fraunces Variable' }, notoSerif, georgia, liberationSerif],
    generic: 'serif',
  },
];

export async function buildFonts() {
  fs.mkdirSync(out, { recursive: true });
  const webFaces = [];
  const css = [];
  const localVariables = [];
  const webVariables = [];
  for (const font of FAMILIES) {
    for (const [subset, { chars, unicodeRange }] of Object.entries(SUBSETS)) {
      const source = fs.readFileSync(path.join(root, 'node_modules', font.dir, font.sources[subset]));
      const woff2 = await subsetFont(source, chars, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
      const name = `${font.file}-${subset}.woff2`;
      fs.writeFileSync(path.join(out, name), woff2);
      webFaces.push(`@font-face {
  font-family: "${font.family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url("./${name}") format("woff2");
  unicode-range: ${unicodeRange};
}`);
    }
    const { fontFamily, fontFaces } = createFontStack(font.stack);
    css.push(fontFaces);
    webVariables.push(`  ${font.variable}: ${fontFamily}, ${font.generic};`);
    // The same stack without its first family, the web font.
    const localFonts = fontFamily.split(/,\s*/).slice(1).join(', ');
    localVariables.push(`  ${font.variable}: ${localFonts}, ${font.generic};`);
  }
  // Data saver turned on after the web fonts were added goes back to the local fonts.
  fs.writeFileSync(
    path.join(out, 'web-fonts.css'),
    `/* Written by scripts/fonts.mjs: do not edit. */\n${webFaces.join('\n')}\nhtml:not([data-saver="on"]) {\n${webVariables.join('\n')}\n}\n`,
  );
  fs.writeFileSync(
    path.join(out, 'fonts.css'),
    `/* Written by scripts/fonts.mjs: do not edit. */\n${css.join('\n')}\n:root {\n${localVariables.join('\n')}\n}\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildFonts();
  console.log(`Fonts written to ${path.relative(root, out)}`);
}
