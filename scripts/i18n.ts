/**
 * The translators' tools (docs/translation.md):
 *
 *   npm run i18n:check              both languages complete, placeholders alike, every key the code uses present
 *   npm run i18n:export [dir]       locales/en.pot and locales/ha.po for a PO editor
 *   npm run i18n:import <file.po>   a translated PO file back into shared/messages/ha/
 */
import fs from 'node:fs';
import path from 'node:path';
import { placeholdersOf } from '../shared/messages/format-message';
import {
  CATALOGUE_FILES,
  type CatalogueFile,
  catalogueProblems,
  loadCatalogues,
  missingKeys,
  ROOT,
  type Translation,
} from './i18n/catalogues';

const poString = (text: string) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

export function toPo(files: CatalogueFile[], language: Translation | null): string {
  const header = [
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    ...(language ? [`"Language: ${language}\\n"`, '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'] : []),
    '',
  ];
  const entries = files.flatMap(({ file, en, translations }) =>
    Object.entries(en).map(([key, english]) =>
      [
        `#: shared/messages/en/${file}.ts`,
        ...(placeholdersOf(english).length ? [`#. placeholders: ${placeholdersOf(english).join(', ')}`] : []),
        `msgctxt ${poString(key)}`,
        `msgid ${poString(english)}`,
        `msgstr ${poString(language ? (translations[language][key] ?? '') : '')}`,
        '',
      ].join('\n'),
    ),
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

/** Writes ha/<file>.ts again with the English file's keys in order, keeping its header comment. */
function writeTranslation(file: CatalogueFile, language: Translation, texts: Record<string, string>) {
  const target = path.join(ROOT, 'shared/messages', language, `${file.file}.ts`);
  const current = fs.readFileSync(target, 'utf8');
  const head = current.slice(0, current.indexOf('= {') + 3);
  const body = Object.keys(file.en)
    .map((key) => `  ${tsString(key)}: ${tsString(texts[key] ?? '')},`)
    .join('\n');
  fs.writeFileSync(target, `${head}\n${body}\n};\n`);
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
    fs.writeFileSync(path.join(dir, 'en.pot'), toPo(files, null));
    fs.writeFileSync(path.join(dir, 'ha.po'), toPo(files, 'ha'));
    console.log(`Wrote ${path.join(dir, 'en.pot')} and ${path.join(dir, 'ha.po')}.`);
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
    for (const { file, texts } of merged) writeTranslation(file, 'ha', texts);
    console.log(`Imported ${texts.size} Hausa texts into shared/messages/ha/ (${CATALOGUE_FILES.length} files).`);
  } else {
    console.error('Usage: npm run i18n:check | npm run i18n:export [dir] | npm run i18n:import <file.po>');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
