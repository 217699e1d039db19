/**
 * Staff's corrections of the interface texts, in force in this process: `t` reads them before
 * the catalogue (shared/messages), so pages, answers and mails all use them. They are read from the
 * database again whenever the public data version has moved past the one they were read at (a
 * change of a text bumps it, on every instance), before a request is handled and after a change
 * is announced, so the worker's mails follow too.
 */
import type { FastifyInstance } from 'fastify';
import { LOCALE_CODES, type Locale, setOverrides } from '../../shared/messages';
import { coreMessages } from '../../shared/messages/en/core';
import { staffAreaMessages } from '../../shared/messages/en/staff-area';
import { isLocked } from '../../shared/messages/locked-texts';
import { serializeForScript, TEXT_OVERRIDES_ID } from '../../shared/page-data';
import type { DB } from '../db/database';
import type { Deps } from '../deps';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route writes no interface text, so it never waits for corrections to be read
     * (health checks must answer while the embedded database is busy with a long transaction).
     */
    texts?: boolean;
  }
}

/**
 * The parts of the catalogue a page loads (client/lib/catalogue.ts): a public page every page's
 * texts (`core`), a staff page's shell those and the staff area's. A page carries the corrections
 * of its parts only: the mails' texts, and on a public page the dashboard's, never travel with it.
 */
export type PageParts = 'public' | 'staff';
const CORE_KEYS = new Set(Object.keys(coreMessages));
const STAFF_KEYS = new Set(Object.keys(staffAreaMessages));

interface Loaded {
  version: number;
  texts: Record<Locale, Record<string, string>>;
  /** The corrections of the staff area's texts, per language: what a public page lacks (staffCorrections). */
  staff: Record<Locale, Record<string, string>>;
  /** Each language's script for each kind of page (computed once per version; empty when nothing is corrected). */
  scripts: Record<Locale, Record<PageParts, string>>;
}

/** The corrections whose keys `keep` keeps. */
const only = (texts: Record<string, string>, keep: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(texts).filter(([key]) => keep(key)));

const scriptOf = (texts: Record<string, string>) =>
  Object.keys(texts).length
    ? `<script type="application/json" id="${TEXT_OVERRIDES_ID}">${serializeForScript(texts)}</script>`
    : '';

const loaded = new WeakMap<DB, Loaded>();
const loading = new WeakMap<DB, Promise<Loaded>>();

async function read(db: DB, version: number): Promise<Loaded> {
  const rows = await db
    .selectFrom('text_overrides')
    .select(['key', 'locale', 'text'])
    .where('text', 'is not', null)
    .execute();
  const texts = { en: {}, ha: {} } as Record<Locale, Record<string, string>>;
  // A correction stored before its text was locked is not in force: the REST contract holds.
  for (const row of rows) if (!isLocked(row.key, row.locale)) texts[row.locale][row.key] = row.text!;
  const staff = {} as Loaded['staff'];
  const scripts = {} as Loaded['scripts'];
  for (const locale of LOCALE_CODES) {
    staff[locale] = only(texts[locale], (key) => STAFF_KEYS.has(key));
    scripts[locale] = {
      public: scriptOf(only(texts[locale], (key) => CORE_KEYS.has(key))),
      staff: scriptOf(only(texts[locale], (key) => CORE_KEYS.has(key) || STAFF_KEYS.has(key))),
    };
  }
  return { version, texts, staff, scripts };
}

/** The corrections as of the current public data version: read again when it moved on. */
export async function freshOverrides(deps: Pick<Deps, 'db' | 'publicDataVersion'>): Promise<Loaded> {
  const version = await deps.publicDataVersion.current();
  const have = loaded.get(deps.db);
  if (have && have.version >= version) return have;
  let pending = loading.get(deps.db);
  if (!pending) {
    pending = read(deps.db, version).finally(() => loading.delete(deps.db));
    loading.set(deps.db, pending);
  }
  const next = await pending;
  // Another read may have finished first with a newer version.
  const current = loaded.get(deps.db);
  if (!current || current.version < next.version) {
    loaded.set(deps.db, next);
    for (const locale of LOCALE_CODES) setOverrides(locale, next.texts[locale]);
  }
  // A read that started before this version was announced may be older: read once more.
  return next.version >= version ? next : freshOverrides(deps);
}

/** Keeps the corrections current for every request and for the background work of this process. */
export async function registerTextOverrides(app: FastifyInstance, deps: Deps): Promise<void> {
  await freshOverrides(deps);
  deps.publicDataVersion.onChange(() => {
    freshOverrides(deps).catch((err) => app.log.error({ err }, 'reading the corrected texts failed'));
  });
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.texts !== false) await freshOverrides(deps);
  });
}

/**
 * The page's JSON script of its language's corrections of the texts it loads (PageParts), which
 * the browser reads before it renders (client/entry-client.tsx): the page's own bytes carry them,
 * so they cost no request and are never older than the page (pages are revalidated on every visit).
 */
export async function overridesScript(
  deps: Pick<Deps, 'db' | 'publicDataVersion'>,
  locale: Locale,
  parts: PageParts,
): Promise<string> {
  return (await freshOverrides(deps)).scripts[locale][parts];
}

/**
 * The corrections of the staff area's texts in a language: what a browser that started on a
 * public page fetches with the staff area's code (texts.corrections).
 */
export async function staffCorrections(
  deps: Pick<Deps, 'db' | 'publicDataVersion'>,
  locale: Locale,
): Promise<Record<string, string>> {
  return (await freshOverrides(deps)).staff[locale];
}
