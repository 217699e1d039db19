/**
 * The catalogue files of each language, read as data: what the catalogue check, the PO export,
 * the PO import and the pull work on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_GROUPS } from '../../shared/messages/catalogue-files';
import { describeTextProblem, textProblems } from '../../shared/messages/text-rules';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const TRANSLATIONS = ['ha'] as const;
export type Translation = (typeof TRANSLATIONS)[number];

export interface CatalogueFile {
  /** The file's name under en/ and ha/. */
  file: string;
  en: Record<string, string>;
  translations: Record<Translation, Record<string, string>>;
}

/** Every catalogue file, in the order of shared/messages/catalogue-files.ts (the one list of them). */
export async function loadCatalogues(): Promise<CatalogueFile[]> {
  return CATALOGUE_GROUPS.map(({ group, en, ha }) => ({ file: group, en, translations: { ha } }));
}

/**
 * Texts that read the same in both languages: names of places, brands and file formats, and
 * texts made only of placeholders. Anything else identical in Hausa is an untranslated English text.
 */
const SAME_IN_BOTH = /^[\s{}\w,.:;()—–·/&@+#%₦'’“”"-]*$/;
const ENGLISH_WORD = /\b(?:the|and|of|to|your|please|is|are|for|with|this|not|you|will|be|on|in|a|an)\b/i;

export function looksUntranslated(english: string, translated: string): boolean {
  if (english !== translated) return false;
  const words = english.replace(/\{[^}]*\}/g, ' ').trim();
  if (words === '') return false;
  // One or two words without an English function word: a name, a format or a shared loan word.
  return ENGLISH_WORD.test(words) || (words.split(/\s+/).length > 2 && SAME_IN_BOTH.test(words));
}

/** Every problem of the catalogues, as lines for a person: empty when both languages are complete. */
export function catalogueProblems(files: CatalogueFile[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { file, en, translations } of files) {
    for (const key of Object.keys(en)) {
      const other = seen.get(key);
      if (other) problems.push(`${key}: in both en/${other}.ts and en/${file}.ts`);
      seen.set(key, file);
    }
    for (const [language, catalogue] of Object.entries(translations)) {
      for (const [key, english] of Object.entries(en)) {
        const text = catalogue[key];
        if (text === undefined || text.trim() === '') {
          problems.push(`${language}/${file}.ts: ${key} is missing`);
          continue;
        }
        // The same rules as for a text staff save: placeholders, plurals, braces, length and the glossary.
        for (const problem of textProblems(english, text, language as Translation, { key }))
          problems.push(`${language}/${file}.ts: ${key} ${describeTextProblem(problem)}`);
        if (looksUntranslated(english, text)) problems.push(`${language}/${file}.ts: ${key} is still in English`);
      }
      for (const key of Object.keys(catalogue)) {
        if (!(key in en)) problems.push(`${language}/${file}.ts: ${key} is not in en/${file}.ts`);
      }
    }
  }
  return problems;
}

const SOURCE_DIRS = ['client', 'server', 'shared'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'messages' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The keys the code asks for: literal `t('key')` calls, and the prefixes of keys it builds
 * (`t(\`admin.form.${key}\`)`), which must each have at least one message.
 */
export function extractKeys(): { keys: Map<string, string>; prefixes: Map<string, string> } {
  const keys = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(ROOT, file);
    for (const match of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) keys.set(match[1]!, where);
    for (const match of text.matchAll(/\bt\(\s*`([\w.-]+)\$\{/g)) prefixes.set(match[1]!, where);
  }
  return { keys, prefixes };
}

/** Keys the code uses that some language lacks. */
export function missingKeys(files: CatalogueFile[]): string[] {
  const { keys, prefixes } = extractKeys();
  const problems: string[] = [];
  const languages: [string, Set<string>][] = [
    ['en', new Set(files.flatMap((f) => Object.keys(f.en)))],
    ...TRANSLATIONS.map(
      (language) =>
        [language, new Set(files.flatMap((f) => Object.keys(f.translations[language])))] as [string, Set<string>],
    ),
  ];
  for (const [language, known] of languages) {
    for (const [key, where] of keys) if (!known.has(key)) problems.push(`${where}: '${key}' has no ${language} text`);
    for (const [prefix, where] of prefixes)
      if (![...known].some((key) => key.startsWith(prefix)))
        problems.push(`${where}: no ${language} text starts with '${prefix}'`);
  }
  return problems;
}
