/**
 * The newsletter's public archive: editions whose sending began, newest first, each in the
 * page's language (English standing in for an empty Hausa half). Drafts and scheduled editions
 * are not found: nothing of them is public before they go out.
 *
 * Answered from memory per public data version (server/db/public-data.ts): the list of sent
 * editions is read once per version, and an edition's page once while it is kept; both read the
 * bodies rendered when the edition was saved (renderings.ts). A read renders nothing, and an
 * unknown id costs no query.
 */

import { resolveImagePath } from '../../../shared/image-path';
import { getLocale, type Locale, t } from '../../../shared/messages';
import {
  ARCHIVE_PAGE_SIZE,
  type ArchiveEdition,
  type ArchiveItem,
  editionPath,
} from '../../../shared/schemas/editions';
import { isId } from '../../db/ids';
import { comesAfter, cursorOf } from '../../db/keyset';
import type { ArchivedEdition, PublishedEdition } from '../../db/public-data';
import type { Deps } from '../../deps';
import { NotFoundError } from '../../errors';
import { campaignTitle, excerptFor, loadCampaign, renderedFor } from './content';
import { renderingsOf } from './renderings';

type ArchiveDeps = Pick<Deps, 'db' | 'config' | 'publicData'>;

const published = (deps: Pick<Deps, 'db'>) =>
  deps.db.selectFrom('newsletter_editions').where('startedAt', 'is not', null);

/** Every sent edition without its body, newest first; one saved before renderings were kept is rendered first. */
async function loadPublished(deps: ArchiveDeps): Promise<PublishedEdition[]> {
  const rows = await published(deps)
    .select(['id', 'subject', 'subjectHa', 'startedAt', 'excerpt', 'excerptHa'])
    .select(cursorOf('startedAt'))
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      if (row.excerpt !== null) return { ...row, startedAt: row.startedAt!, excerpt: row.excerpt };
      const full = await published(deps).selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      const { excerpt, excerptHa } = await renderingsOf(deps, deps.db, full);
      return { ...row, startedAt: row.startedAt!, excerpt, excerptHa };
    }),
  );
}

const publishedEditions = (deps: ArchiveDeps) => deps.publicData.archive(() => loadPublished(deps));

/** newsletter.archive: a page of the sent editions, newest first. */
export async function listArchive(
  deps: ArchiveDeps,
  input: { before?: string | undefined },
  reader: Locale = getLocale(),
): Promise<{ items: ArchiveItem[]; next: string | null }> {
  const all = await publishedEditions(deps);
  const { before } = input;
  const start = before ? all.findIndex((row) => comesAfter(row.pageCursor, before)) : 0;
  const rows = start < 0 ? [] : all.slice(start, start + ARCHIVE_PAGE_SIZE);
  const more = start >= 0 && all.length > start + ARCHIVE_PAGE_SIZE;
  return {
    items: rows.map((row) => {
      const text = excerptFor(row, reader);
      return {
        id: row.id,
        subject: text.subject,
        language: text.language,
        startedAt: row.startedAt.toISOString(),
        excerpt: text.excerpt,
      };
    }),
    next: more ? rows.at(-1)!.pageCursor : null,
  };
}

/** A sent edition's page as kept: its row's rendered bodies and its featured campaign. */
async function loadArchived(deps: ArchiveDeps, id: string): Promise<ArchivedEdition> {
  const row = await published(deps).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(t('archive.notFound'));
  const [{ html, htmlHa }, campaign] = await Promise.all([
    renderingsOf(deps, deps.db, row),
    loadCampaign(deps.db, row.campaignId),
  ]);
  return {
    id: row.id,
    subject: row.subject,
    subjectHa: row.subjectHa,
    startedAt: row.startedAt!,
    html,
    htmlHa,
    campaign: campaign ?? null,
  };
}

/** newsletter.edition: one sent edition, its body as safe HTML. */
export async function getArchivedEdition(
  deps: ArchiveDeps,
  id: string,
  reader: Locale = getLocale(),
): Promise<ArchiveEdition> {
  // Only an edition the archive lists is looked for: any other id is answered from memory.
  const listed = isId(id) && (await publishedEditions(deps)).some((row) => row.id === id);
  if (!listed) throw new NotFoundError(t('archive.notFound'));
  const page = await deps.publicData.edition(id, () => loadArchived(deps, id));
  const text = renderedFor(page, reader);
  const { campaign } = page;
  return {
    id: page.id,
    subject: text.subject,
    language: text.language,
    startedAt: page.startedAt.toISOString(),
    html: text.html,
    campaign: campaign
      ? {
          id: campaign.id,
          ...(({ title, language }) => ({ title, titleLanguage: language }))(campaignTitle(campaign, reader)),
          image: resolveImagePath(campaign.image),
          target: campaign.target,
          amountRaised: campaign.amountRaised,
        }
      : null,
  };
}

/** The sitemap's entries: every sent edition's page and when it went out. */
export async function archiveSitemap(deps: ArchiveDeps): Promise<{ loc: string; lastmod: string }[]> {
  return (await publishedEditions(deps)).map((row) => ({
    loc: editionPath(row.id),
    lastmod: row.startedAt.toISOString(),
  }));
}
