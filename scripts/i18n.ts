/**
 * The translators' tools (docs/translation.md):
 *
 *   npm run i18n:check              both languages complete, placeholders and plurals alike, the glossary's
 *                                   binding terms kept (shared/messages/glossary.ts), every key the code uses present
 *   npm run i18n:export [dir]       locales/en.pot and locales/ha.po for a PO editor, with the texts
 *                                   staff corrected on the site and their review marks
 *   npm run i18n:import <file.po>   a translated PO file back into shared/messages/ha/
 *   npm run i18n:pull               the texts staff corrected on the site into shared/messages/, to commit
 *
 * Export and pull read the database the configuration names (DATABASE_URL, else DATA_DIR's PGlite).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { type Correction, corrections as readCorrections } from '../server/texts/service';
import type { Locale } from '../shared/messages';
import { placeholdersOf } from '../shared/messages/format-message';
import {
  type CatalogueFile,
  catalogueProblems,
  loadCatalogues,
  missingKeys,
  ROOT,
  type Translation,
} from './i18n/catalogues';

const poString = (text: string) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

type Corrections = Map<string, Partial<Record<Locale, Correction>>>;

const day = (instant: string | undefined) => instant?.slice(0, 10) ?? '';

/**
 * A PO file of the catalogue (a POT of the English without a language). The texts staff corrected
 * on the site are written in, with who and when as translator comments; a review mark is a
 * comment too, and a correction written before the English changed is `fuzzy`, PO's "needs a look".
 */
export function toPo(
  files: CatalogueFile[],
  language: Translation | null,
  corrections: Corrections = new Map(),
): string {
  const header = [
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    ...(language ? [`"Language: ${language}\\n"`, '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'] : []),
    '',
  ];
  const entries = files.flatMap(({ file, en, translations }) =>
    Object.entries(en).map(([key, english]) => {
      const mine = corrections.get(key)?.[language ?? 'en'];
      const englishOnSite = corrections.get(key)?.en?.text;
      const comments = [
        ...(mine?.text !== undefined
          ? [
              `# corrected on the site by ${mine.changedBy ?? 'staff'}${mine.changedAt ? ` on ${day(mine.changedAt)}` : ''}`,
            ]
          : []),
        ...(!language && englishOnSite !== undefined ? [`# the site reads: ${englishOnSite.replace(/\n/g, ' ')}`] : []),
        ...(mine?.reviewedBy !== undefined ? [`# reviewed by ${mine.reviewedBy} on ${day(mine.reviewedAt)}`] : []),
      ];
      return [
        ...comments,
        `#: shared/messages/en/${file}.ts`,
        ...(placeholdersOf(english).length ? [`#. placeholders: ${placeholdersOf(english).join(', ')}`] : []),
        ...(mine?.stale ? ['#, fuzzy'] : []),
        `msgctxt ${poString(key)}`,
        `msgid ${poString(english)}`,
        `msgstr ${poString(language ? (mine?.text ?? translations[language][key] ?? '') : '')}`,
        '',
      ].join('\n');
    }),
  );
  return [...header, ...entries].join('\n');
}

/** msgctxt → msgstr of a PO file (multi-line strings joined, escapes undone). */
export function parsePo(text: string): Map<string, string> {
  // PO strings escape as JSON's do (\" \\ \n \t).
  const unquote = (s: string) => JSON.parse(s) as string;
  const result = new Map<string, string>();
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  let entry: Record<string, string> = {};
  const flush = () => {
    if (entry.msgctxt !== undefined && entry.msgstr !== undefined) result.set(entry.msgctxt, entry.msgstr);
    entry = {};
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) {
      if (line === '') field = null;
      continue;
    }
    const start = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgctxt' || (start[1] === 'msgid' && entry.msgstr !== undefined)) flush();
      field = start[1] as typeof field & string;
      entry[field!] = unquote(start[2]!);
    } else if (field && line.startsWith('"')) {
      entry[field] += unquote(line);
    }
  }
  flush();
  return result;
}

const tsString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

/** Writes <language>/<file>.ts again with the English file's keys in order, keeping its head and its end. */
function writeCatalogueFile(file: CatalogueFile, language: Locale, texts: Record<string, string>) {
  const target = path.join(ROOT, 'shared/messages', language, `${file.file}.ts`);
  const current = fs.readFileSync(target, 'utf8');
  const head = current.slice(0, current.indexOf('= {') + 3);
  const end = current.slice(current.lastIndexOf('}')).trimEnd();
  const body = Object.keys(file.en)
    .map((key) => `  ${tsString(key)}: ${tsString(texts[key] ?? '')},`)
    .join('\n');
  fs.writeFileSync(target, `${head}\n${body}\n${end}\n`);
}

/** The corrections in the configured database (none where it has no texts table yet). */
async function siteCorrections(): Promise<Corrections> {
  const handle = await openDatabase(loadConfig(process.env));
  try {
    return await readCorrections(handle.db);
  } catch (error) {
    if (/text_overrides/.test((error as Error).message)) return new Map();
    throw error;
  } finally {
    await handle.close();
  }
}

/** The catalogue files with the site's corrections in place of their texts, and which languages changed. */
export function pullCorrections(files: CatalogueFile[], corrections: Corrections) {
  return files.map((file) => {
    const en = { ...file.en };
    const ha = { ...file.translations.ha };
    const changed = new Set<Locale>();
    let count = 0;
    for (const key of Object.keys(file.en)) {
      for (const [language, texts] of [
        ['en', en],
        ['ha', ha],
      ] as const) {
        const text = corrections.get(key)?.[language]?.text;
        if (text === undefined || texts[key] === text) continue;
        texts[key] = text;
        changed.add(language);
        count++;
      }
    }
    return { file: { ...file, en, translations: { ha } }, changed: [...changed], count };
  });
}

async function main() {
  const [command, argument] = process.argv.slice(2);
  const files = await loadCatalogues();
  if (command === 'check') {
    const problems = [...catalogueProblems(files), ...missingKeys(files)];
    const count = files.reduce((n, f) => n + Object.keys(f.en).length, 0);
    if (problems.length) {
      console.error(problems.join('\n'));
      console.error(`\n${problems.length} problem(s) in the catalogues.`);
      process.exit(1);
    }
    console.log(`${count} messages in English and Hausa: complete.`);
  } else if (command === 'export') {
    const dir = path.resolve(argument ?? path.join(ROOT, 'locales'));
    fs.mkdirSync(dir, { recursive: true });
    const corrections = await siteCorrections();
    fs.writeFileSync(path.join(dir, 'en.pot'), toPo(files, null, corrections));
    fs.writeFileSync(path.join(dir, 'ha.po'), toPo(files, 'ha', corrections));
    console.log(
      `Wrote ${path.join(dir, 'en.pot')} and ${path.join(dir, 'ha.po')}, with ${corrections.size} text(s) corrected or reviewed on the site.`,
    );
  } else if (command === 'import' && argument) {
    const texts = parsePo(fs.readFileSync(argument, 'utf8'));
    const merged = files.map((file) => ({
      file,
      texts: Object.fromEntries(
        Object.keys(file.en).map((key) => [key, texts.get(key) || file.translations.ha[key] || '']),
      ),
    }));
    const problems = catalogueProblems(merged.map(({ file, texts }) => ({ ...file, translations: { ha: texts } })));
    if (problems.length) {
      console.error(`${problems.join('\n')}\n\nNothing was written: fix the PO file and import it again.`);
      process.exit(1);
    }
    for (const { file, texts } of merged) writeCatalogueFile(file, 'ha', texts);
    console.log(`Imported ${texts.size} Hausa texts into shared/messages/ha/ (${files.length} files).`);
  } else if (command === 'pull') {
    const corrections = await siteCorrections();
    const pulled = pullCorrections(files, corrections);
    const problems = catalogueProblems(pulled.map(({ file }) => file));
    if (problems.length) {
      console.error(`${problems.join('\n')}\n\nNothing was written: correct these texts on the site first.`);
      process.exit(1);
    }
    for (const { file, changed } of pulled)
      for (const language of changed)
        writeCatalogueFile(file, language, language === 'en' ? file.en : file.translations.ha);
    const count = pulled.reduce((n, { count }) => n + count, 0);
    console.log(
      count
        ? `Wrote ${count} text(s) corrected on the site into shared/messages/. Run npm run format, then review and commit them.`
        : 'No text corrected on the site differs from the catalogue.',
    );
  } else {
    console.error(
      'Usage: npm run i18n:check | npm run i18n:export [dir] | npm run i18n:import <file.po> | npm run i18n:pull',
    );
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
