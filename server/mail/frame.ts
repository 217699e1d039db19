/** What every mail's frame shows beyond its message: where questions go and the site's address. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { getSettings } from '../settings/service';

export interface MailFrame {
  contactEmail: string;
  siteUrl: string;
}

/**
 * `db` is what the settings are read with when they are not in memory: inside a transaction, that
 * transaction (PGlite has one connection, which the open transaction holds).
 */
export async function mailFrame(deps: Pick<Deps, 'publicData' | 'config'>, db: Kysely<Database>): Promise<MailFrame> {
  const settings = await getSettings({ ...deps, db });
  return { contactEmail: settings.contactEmail, siteUrl: deps.config.publicUrl };
}
