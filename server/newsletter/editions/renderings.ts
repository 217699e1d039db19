/**
 * An edition's bodies as readers see them, rendered once and kept beside the Markdown
 * (migration 2026-12-05T0200): at each save, in the renderer's worker (renderer.ts), where text
 * past the bounds or the time cap is refused with a 400 naming the field; for an edition saved
 * before renderings were kept, the first time one is needed, and then stored. The archive, the
 * send and the test read what was kept: a read never renders.
 */
import type { Kysely } from 'kysely';
import { t } from '../../../shared/messages';
import type { Database, Row } from '../../db/schema';
import type { Deps } from '../../deps';
import { ValidationError } from '../../errors';
import { type EditionTexts, hasHausa, type Renderings } from './content';
import { MarkdownRefusal, plainTextBody } from './markdown';
import { renderBodyOffThread } from './renderer';

/** The message of a refusal, in the language of the request that asked. */
const refusalMessage = (refusal: MarkdownRefusal) => t(refusal.key, refusal.vars);

/** One body rendered for saving: a refusal is a 400 on its field. */
async function renderForSave(source: string, siteUrl: string, field: 'body' | 'bodyHa') {
  try {
    return await renderBodyOffThread(source, siteUrl);
  } catch (error) {
    if (!(error instanceof MarkdownRefusal)) throw error;
    const message = refusalMessage(error);
    throw new ValidationError(message, [{ path: field, message }]);
  }
}

/** Both halves of an edition being saved (or previewed), rendered; refused (400) when one cannot be. */
export async function renderTexts(
  deps: Pick<Deps, 'config'>,
  texts: Pick<EditionTexts, 'body' | 'bodyHa'>,
  halves: { en: boolean; ha: boolean } = { en: true, ha: true },
): Promise<Renderings> {
  const siteUrl = deps.config.publicUrl;
  const en = halves.en ? await renderForSave(texts.body, siteUrl, 'body') : { html: '', excerpt: '' };
  const ha = halves.ha && hasHausa(texts) ? await renderForSave(texts.bodyHa, siteUrl, 'bodyHa') : null;
  return { html: en.html, excerpt: en.excerpt, htmlHa: ha?.html ?? null, excerptHa: ha?.excerpt ?? null };
}

/**
 * One body of an edition saved before renderings were kept: a text the renderer refuses (these
 * were saved before the bounds) is shown as its plain text, so it is not tried again at each read.
 */
async function renderStored(source: string, siteUrl: string) {
  try {
    return await renderBodyOffThread(source, siteUrl);
  } catch (error) {
    if (error instanceof MarkdownRefusal) return plainTextBody(source);
    throw error;
  }
}

/**
 * An edition's kept renderings; rendered and stored first when it has none. `db` is what the row
 * was read with: inside a transaction, that transaction (which may hold the row's lock).
 */
export async function renderingsOf(
  deps: Pick<Deps, 'config'>,
  db: Kysely<Database>,
  row: Pick<Row<'newsletter_editions'>, 'id' | 'body' | 'bodyHa' | keyof Renderings>,
): Promise<Renderings> {
  if (row.html !== null)
    return { html: row.html, htmlHa: row.htmlHa, excerpt: row.excerpt ?? '', excerptHa: row.excerptHa };
  const siteUrl = deps.config.publicUrl;
  const en = await renderStored(row.body, siteUrl);
  const ha = hasHausa(row) ? await renderStored(row.bodyHa, siteUrl) : null;
  const made = { html: en.html, excerpt: en.excerpt, htmlHa: ha?.html ?? null, excerptHa: ha?.excerpt ?? null };
  // Unless a save stored newer ones meanwhile.
  await db.updateTable('newsletter_editions').set(made).where('id', '=', row.id).where('html', 'is', null).execute();
  return made;
}
