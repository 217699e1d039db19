/**
 * upload_variants.format: an upload may keep an AVIF copy beside the WebP of the same width (only
 * where it is smaller), so a variant is known by its upload, width and format. Rows written before
 * are WebP.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('upload_variants')
    .addColumn('format', 'text', (c) => c.notNull().defaultTo('webp'))
    .execute();
  await db.schema.alterTable('upload_variants').dropConstraint('upload_variants_pkey').execute();
  await db.schema
    .alterTable('upload_variants')
    .addPrimaryKeyConstraint('upload_variants_pkey', ['upload_name', 'width', 'format'])
    .execute();
  await sql`alter table upload_variants add constraint upload_variants_format_check check (format in ('webp', 'avif'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('upload_variants').where('format', '<>', 'webp').execute();
  await db.schema.alterTable('upload_variants').dropConstraint('upload_variants_format_check').execute();
  await db.schema.alterTable('upload_variants').dropConstraint('upload_variants_pkey').execute();
  await db.schema
    .alterTable('upload_variants')
    .addPrimaryKeyConstraint('upload_variants_pkey', ['upload_name', 'width'])
    .execute();
  await db.schema.alterTable('upload_variants').dropColumn('format').execute();
}
