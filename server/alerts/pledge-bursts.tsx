/**
 * Pledges told to finance as they come, without a flood: anyone can make pledges, and a script
 * can make hundreds a minute. Per member of staff who chose "each one", the first pledge of each
 * ten minutes of the clock (10:00–10:10, …) is told at once, and the others of those ten minutes
 * in one mail as they end. Both are rows of the outbox queued with the pledge, under a dedupe key
 * per person and ten minutes, so only the first pledge's rows are kept: no read, one statement.
 * The later mail is made as it leaves (server/mail/composers.ts): it counts what came, and is
 * dropped when nothing did.
 */
import type { Transaction } from 'kysely';
import { isId } from '../db/ids';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { composedMail, type Made, made, queueRenderedMails } from '../mail/compose';
import { mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import type { OutboxRow } from '../mail/outbox';
import { DASHBOARD, pledgeEntry } from './entries';
import { entryAlerts } from './immediate';
import { recipientsOf } from './recipients';
import { LaterPledgesMail, laterPledgesSubject } from './templates/later-pledges-mail';

/** Pledges told at once to one person: at most one per this many minutes of the clock. */
export const PLEDGE_ALERT_MINUTES = 10;
const WINDOW_MS = PLEDGE_ALERT_MINUTES * 60_000;
/** Pledges listed in the later mail; the rest are counted. */
const LISTED = 20;

/** The ten minutes of the clock an instant falls in. */
export const alertWindow = (at: Date) => {
  const start = Math.floor(at.getTime() / WINDOW_MS) * WINDOW_MS;
  return { start: new Date(start), end: new Date(start + WINDOW_MS) };
};

/**
 * Queues, for every member of finance staff who asked for each one, the alert of a new pledge and
 * the job of the mail that tells the pledges after it; both only for the first pledge of its ten
 * minutes (their dedupe keys).
 */
export async function alertNewPledge(trx: Transaction<Database>, deps: Deps, pledge: Row<'pledges'>): Promise<void> {
  const recipients = await recipientsOf(trx, 'giving', 'each');
  if (recipients.length === 0) return;
  const { start, end } = alertWindow(pledge.createdAt);
  const window = start.toISOString();
  const alerts = await entryAlerts(trx, deps, 'giving', recipients, [pledgeEntry(pledge)]);
  await queueRenderedMails(
    trx,
    deps,
    alerts.flatMap(({ recipient, mail }) => [
      { ...mail, dedupeKey: `alerts.pledge:${recipient.id}:${window}` },
      composedMail({
        kind: 'alerts.pledges',
        to: recipient.email,
        language: 'en',
        composer: `pledge-alerts:${pledge.id}`,
        dueAt: end,
        dedupeKey: `alerts.pledges:${recipient.id}:${window}`,
      }),
    ]),
  );
}

/**
 * The mail of the pledges that came after the one told at once, in its ten minutes, made as they
 * end (server/mail/composers.ts); nothing when none came, or when its reader no longer asks for
 * each one.
 */
export async function composeLaterPledges(
  deps: Deps,
  row: Pick<OutboxRow, 'toAddress'>,
  pledgeId: string,
): Promise<Made | null> {
  if (!isId(pledgeId)) return null;
  const told = await deps.db.selectFrom('pledges').select('createdAt').where('id', '=', pledgeId).executeTakeFirst();
  if (!told) return null;
  const recipients = await recipientsOf(deps.db, 'giving', 'each');
  if (!recipients.some((recipient) => recipient.email === row.toAddress)) return null;
  const { start, end } = alertWindow(told.createdAt);
  const later = deps.db
    .selectFrom('pledges')
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end)
    .where('id', '<>', pledgeId);
  const { n } = await later.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const count = Number(n);
  if (count === 0) return null;
  const shown = await later.selectAll().orderBy('createdAt').orderBy('id').limit(LISTED).execute();
  return made(
    laterPledgesSubject(count),
    <LaterPledgesMail
      frame={await mailFrame(deps, deps.db)}
      count={count}
      shown={shown.map(pledgeEntry)}
      from={told.createdAt}
      to={end}
      minutes={PLEDGE_ALERT_MINUTES}
      link={siteLink(deps.config, DASHBOARD.giving, 'en')}
      accountUrl={siteLink(deps.config, DASHBOARD.account, 'en')}
    />,
  );
}
