/** The welcome mail of an approved application, when an admin has turned it on in Settings. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { queueMail } from '../mail/compose';
import { mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { readSettings } from '../settings/service';
import { KINDS } from './kinds';
import { type ApplicationType, applicantOf, WelcomeMail, welcomeSubject } from './mail-templates';

/**
 * Queues the welcome of the application just approved, in the transaction that approved it. One
 * per application ever (its dedupe key): approving, rejecting and approving again sends one.
 */
export async function queueWelcome(
  trx: Transaction<Database>,
  deps: Deps,
  type: ApplicationType,
  id: string,
): Promise<void> {
  if (!(await readSettings(trx, deps.config)).welcomeMail) return;
  // The three tables share the columns read here; Kysely cannot type one query over them.
  const row = await (trx as unknown as Kysely<Record<string, Record<string, string>>>)
    .selectFrom(KINDS[type].table)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return;
  const language = row.language === 'ha' ? 'ha' : 'en';
  await queueMail(trx, deps, {
    kind: 'application.welcome',
    to: row.email!,
    language,
    subject: welcomeSubject(language),
    body: (
      <WelcomeMail
        applicant={applicantOf(type, row)}
        language={language}
        frame={await mailFrame(deps, trx)}
        campaignsUrl={siteLink(deps.config, '/campaigns', language)}
      />
    ),
    dedupeKey: `application.welcome:${type}:${id}`,
  });
}
