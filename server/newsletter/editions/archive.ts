/**
 * The newsletter's public archive: editions whose sending began, newest first, each in the
 * page's language (English standing in for an empty Hausa half). Drafts and scheduled editions
 * are not found: nothing of them is public before they go out.
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
import { after, cursorOf, pageOf } from '../../db/keyset';
import type { Deps } from '../../deps';
import { NotFoundError } from '../../errors';
import { campaignTitle, loadCampaign, textFor } from './content';
import { editionExcerpt, renderEditionMarkdown } from './markdown';

const published = (deps: Pick<Deps, 'db'>) =>
  deps.db.selectFrom('newsletter_editions').where('startedAt', 'is not', null);

/** newsletter.archive: a page of the sent editions, newest first. */
export async function listArchive(
  deps: Pick<Deps, 'db'>,
  input: { before?: string | undefined },
  reader: Locale = getLocale(),
): Promise<{ items: ArchiveItem[]; next: string | null }> {
  let select = published(deps)
    .select(['id', 'subject', 'subjectHa', 'body', 'bodyHa', 'startedAt'])
    .select(cursorOf('startedAt'))
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(ARCHIVE_PAGE_SIZE + 1);
  if (input.before) select = select.where(after('startedAt', input.before));
  const { rows, nextCursor } = pageOf(await select.execute(), ARCHIVE_PAGE_SIZE);
  return {
    items: await Promise.all(
      rows.map(async (row) => {
        const text = textFor(row, reader);
        return {
          id: row.id,
          subject: text.subject,
          language: text.language,
          startedAt: row.startedAt!.toISOString(),
          excerpt: await editionExcerpt(text.body),
        };
      }),
    ),
    next: nextCursor,
  };
}

/** newsletter.edition: one sent edition, its body as safe HTML. */
export async function getArchivedEdition(
  deps: Pick<Deps, 'db' | 'config'>,
  id: string,
  reader: Locale = getLocale(),
): Promise<ArchiveEdition> {
  const row = isId(id) ? await published(deps).selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw new NotFoundError(t('archive.notFound'));
  const text = textFor(row, reader);
  const campaign = await loadCampaign(deps.db, row.campaignId);
  return {
    id: row.id,
    subject: text.subject,
    language: text.language,
    startedAt: row.startedAt!.toISOString(),
    html: await renderEditionMarkdown(text.body, { siteUrl: deps.config.publicUrl }),
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
export async function archiveSitemap(deps: Pick<Deps, 'db'>): Promise<{ loc: string; lastmod: string }[]> {
  const rows = await published(deps).select(['id', 'startedAt']).orderBy('startedAt', 'desc').execute();
  return rows.map((row) => ({ loc: editionPath(row.id), lastmod: row.startedAt!.toISOString() }));
}
