/** What every mail's frame shows beyond its message: where questions go and the site's address. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { readSettings } from '../settings/service';

export interface MailFrame {
  contactEmail: string;
  siteUrl: string;
}

/**
 * `db` is what the settings are read with: inside a transaction, that transaction (readSettings
 * says why not the shared copy in memory).
 */
export async function mailFrame(deps: Pick<Deps, 'config'>, db: Kysely<Database>): Promise<MailFrame> {
  const settings = await readSettings(db, deps.config);
  return { contactEmail: settings.contactEmail, siteUrl: deps.config.publicUrl };
}
