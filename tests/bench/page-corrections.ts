/**
 * The home page's size with staff's corrections of texts in force: none; 150 corrections of 3,900
 * characters of texts no public page shows (mails', alerts' and the dashboard's), written straight
 * into the database as a site that took them before their length was bounded keeps them; and 150
 * corrections of the longest texts every page loads, each as long as the texts' rule allows
 * (shared/messages/text-rules.ts). Each against a real server process on PGlite, its bytes as sent
 * and gzipped (level 9, as the response cache keeps them).
 * `tsx tests/bench/page-corrections.ts [project-root]` (default: this project), so the same script
 * can measure an older checkout for comparison; the project must be built (npm run build).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { openPglite } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import '../../shared/messages/all';
import { catalogueText } from '../../shared/messages';
import { CATALOGUE_GROUPS } from '../../shared/messages/catalogue-files';
import { coreMessages } from '../../shared/messages/en/core';
import { maxTextLength } from '../../shared/messages/text-rules';
import { freePort, waitForReady } from '../helpers/processes';

const root = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../..'));
const COUNT = 150;

/** Words that compress as prose does, not as one letter repeated: `length` characters of them. */
function prose(length: number, seed: number): string {
  const words = ['gangami', 'ruwa', 'makaranta', 'lafiya', 'garin', 'tallafi', 'mutane', 'arewa', 'rijiya', 'yara'];
  let text = '';
  for (let i = seed; text.length < length; i = (i * 7 + 3) % 9973) text += `${words[i % words.length]}${i % 13} `;
  return text.slice(0, length).trim();
}

/** Keeps a correction's placeholders, as the rule wants: the catalogue's text, then words. */
const correctionOf = (key: string, length: number, seed: number) => {
  const english = catalogueText(key, 'en') ?? '';
  return `${english} ${prose(Math.max(0, length - english.length - 1), seed)}`.slice(
    0,
    Math.max(length, english.length),
  );
};

const SCENARIOS: { name: string; rows: () => { key: string; text: string }[] }[] = [
  { name: 'no corrections', rows: () => [] },
  {
    name: `${COUNT} corrections of 3,900 characters of mails', alerts' and dashboard texts`,
    rows: () =>
      CATALOGUE_GROUPS.filter(({ group }) => ['mail', 'alerts', 'admin'].includes(group))
        .flatMap(({ en }) => Object.keys(en))
        .slice(0, COUNT)
        .map((key, i) => ({ key, text: correctionOf(key, 3900, i) })),
  },
  {
    name: `${COUNT} corrections of the longest texts every page loads, each as long as the rule allows`,
    rows: () =>
      Object.entries(coreMessages)
        .sort(([, a], [, b]) => b.length - a.length)
        .slice(0, COUNT)
        .map(([key, english], i) => ({ key, text: correctionOf(key, maxTextLength(key, [english]), i) })),
  },
];

async function homePage(rows: { key: string; text: string }[]): Promise<{ bytes: number; gzip: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-bench-texts-'));
  const database = await openPglite(dataDir);
  await migrateToLatest(database.db);
  if (rows.length)
    await database.db
      .insertInto('text_overrides')
      .values(rows.map(({ key, text }) => ({ key, locale: 'en', text, englishThen: catalogueText(key, 'en') ?? '' })))
      .execute();
  await database.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The built server: it finds the built client and page renderer beside it.
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitForReady(base, child, () => output);
    const html = Buffer.from(await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).arrayBuffer());
    return { bytes: html.length, gzip: zlib.gzipSync(html, { level: 9 }).length };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
for (const scenario of SCENARIOS) {
  const { bytes, gzip } = await homePage(scenario.rows());
  console.log(`Home page, ${scenario.name}: ${kB(bytes)}, ${kB(gzip)} gzip`);
}
