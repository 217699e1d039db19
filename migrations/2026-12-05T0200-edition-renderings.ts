/**
 * An edition's body as readers see it, kept beside its Markdown: rendered and sanitised HTML and
 * the archive's excerpt, per language, made once when the edition is saved (off the request
 * thread) and read by the archive, the send and the test. `html` null: not rendered yet (editions
 * saved before this migration, which the service renders the first time one is needed and stores);
 * `html_ha` and `excerpt_ha` null beside a rendered `html`: the edition has no Hausa half.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('newsletter_editions')
    .addColumn('html', 'text')
    .addColumn('html_ha', 'text')
    .addColumn('excerpt', 'text')
    .addColumn('excerpt_ha', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('newsletter_editions')
    .dropColumn('html')
    .dropColumn('html_ha')
    .dropColumn('excerpt')
    .dropColumn('excerpt_ha')
    .execute();
}
