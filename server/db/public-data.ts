/**
 * The public data kept in memory per version (server/db/public-data-version.ts): the campaign
 * list, the foundation's settings (not to be confused with the text catalogue of shared/messages)
 * and the newsletter's archive. No query while the version is known, one reload per change,
 * whichever instance made it.
 */
import type { Campaign } from '../../shared/schemas/campaign';
import type { Settings } from '../../shared/schemas/staff';
import type { PublicDataVersion } from './public-data-version';
import type { Row } from './schema';

/** A sent edition as the archive lists it: no body, its excerpts, and its place in the list. */
export type PublishedEdition = Pick<Row<'newsletter_editions'>, 'id' | 'subject' | 'subjectHa' | 'excerptHa'> & {
  startedAt: Date;
  excerpt: string;
  pageCursor: string;
};

/** A sent edition's page: its rendered bodies and its featured campaign. */
export type ArchivedEdition = Pick<Row<'newsletter_editions'>, 'id' | 'subject' | 'subjectHa' | 'htmlHa'> & {
  startedAt: Date;
  html: string;
  campaign: Pick<Row<'campaigns'>, 'id' | 'title' | 'titleHa' | 'image' | 'target' | 'amountRaised'> | null;
};

export interface PublicData {
  /** Every campaign, oldest first, current as of this call. */
  all(load: () => Promise<Campaign[]>): Promise<readonly Campaign[]>;
  /** The foundation's settings, current as of this call. */
  settings(load: () => Promise<Settings>): Promise<Settings>;
  /** Every sent edition, newest first, current as of this call. */
  archive(load: () => Promise<PublishedEdition[]>): Promise<readonly PublishedEdition[]>;
  /** A sent edition's page, current as of this call; the most recently read are kept, up to a size. */
  edition(id: string, load: () => Promise<ArchivedEdition>): Promise<ArchivedEdition>;
}

/** Edition pages kept at once: their HTML, in characters (a body renders to at most about 1 MB). */
const EDITION_PAGES_MAX_CHARS = 16 * 1024 * 1024;

/** One value kept per public data version, loaded once however many callers ask during the load. */
function versionedValue<T>(publicDataVersion: PublicDataVersion) {
  let cached: { version: number; value: T } | null = null;
  let loading: { version: number; promise: Promise<T> } | null = null;
  publicDataVersion.onChange((version) => {
    if (cached && cached.version < version) cached = null;
  });
  return async (load: () => Promise<T>): Promise<T> => {
    // The version is taken BEFORE the value is read: a change committed in between only makes
    // the value newer than its version, so the next call reloads; never older.
    const version = await publicDataVersion.current();
    if (cached?.version === version) return cached.value;
    if (loading?.version !== version) {
      const promise = load();
      loading = { version, promise };
      promise
        .catch(() => {})
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        });
    }
    const value = await loading.promise;
    if (!cached || cached.version < version) cached = { version, value };
    return value;
  };
}

/**
 * Values by key kept for the current version, loaded once however many callers ask during the
 * load; the least recently read go first once their sizes pass `maxSize`.
 */
function versionedMap<T>(publicDataVersion: PublicDataVersion, sizeOf: (value: T) => number, maxSize: number) {
  let version = -1;
  let size = 0;
  const entries = new Map<string, { value: Promise<T>; size: number }>();
  const clear = (newer: number) => {
    version = newer;
    entries.clear();
    size = 0;
  };
  publicDataVersion.onChange((newer) => {
    if (newer > version) clear(newer);
  });
  return async (key: string, load: () => Promise<T>): Promise<T> => {
    // Taken BEFORE the value is read, as in versionedValue: a value may be newer than its version, never older.
    const current = await publicDataVersion.current();
    if (current > version) clear(current);
    // A caller that read an older version while another moved on is answered, not remembered.
    if (current < version) return load();
    const kept = entries.get(key);
    if (kept) {
      // Most recently read last, so the coldest go first.
      entries.delete(key);
      entries.set(key, kept);
      return kept.value;
    }
    const entry = { value: load(), size: 0 };
    entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (entries.get(key) !== entry) return;
        entry.size = sizeOf(value);
        size += entry.size;
        for (const [oldest, evicted] of entries) {
          if (size <= maxSize || evicted === entry) break;
          entries.delete(oldest);
          size -= evicted.size;
        }
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.value;
  };
}

export function createPublicData(publicDataVersion: PublicDataVersion): PublicData {
  return {
    all: versionedValue<Campaign[]>(publicDataVersion),
    settings: versionedValue<Settings>(publicDataVersion),
    archive: versionedValue<PublishedEdition[]>(publicDataVersion),
    edition: versionedMap<ArchivedEdition>(
      publicDataVersion,
      (page) => page.html.length + (page.htmlHa?.length ?? 0),
      EDITION_PAGES_MAX_CHARS,
    ),
  };
}
