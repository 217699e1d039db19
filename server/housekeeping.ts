/**
 * Daily housekeeping: rows that have served their purpose are removed. Expired sign-in counters,
 * ended sessions, spent link tokens past their expiry, and mail done with (sent MAIL_KEEP_DAYS
 * ago, failed 90 days ago) always; rejected applications and contact messages once they are
 * older than SUBMISSION_RETENTION_DAYS, when it is set. Every instance may run it: each step is
 * idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pruneSpentLinks } from './auth/link-tokens';
import { pruneAttempts } from './auth/throttle';
import type { Deps } from './deps';
import { queuePledgeReminders } from './giving/reminders';
import { pruneMailboxSends } from './mail/mailbox';
import { pruneOutbox } from './mail/outbox-admin';
import { purgeExpiredSubmissions } from './submissions/service';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingReport {
  purged: Awaited<ReturnType<typeof purgeExpiredSubmissions>>;
  /** Messages removed from the outbox. */
  mail: Awaited<ReturnType<typeof pruneOutbox>>;
}

export async function runHousekeeping(deps: Deps): Promise<HousekeepingReport> {
  const now = deps.now();
  // The longest throttle window is a quarter of an hour; a day-old counter counts nothing.
  await pruneAttempts(deps.db, new Date(now.getTime() - DAY_MS));
  // Mailboxes' counts of the mail strangers caused: a day old, they limit nothing.
  await pruneMailboxSends(deps.db, now);
  // A session is useless once its token has expired, whether it was revoked or not.
  const sessionsEnd = new Date(now.getTime() - deps.config.tokenTtlHours * 60 * 60 * 1000);
  await deps.db.deleteFrom('admin_sessions').where('createdAt', '<', sessionsEnd).execute();
  await pruneSpentLinks(deps.db, now);
  // Sent mail holds addresses and texts: kept only while it may be asked about.
  const mail = await pruneOutbox(deps, now);
  const days = deps.config.submissionRetentionDays;
  return { purged: days === undefined ? {} : await purgeExpiredSubmissions(deps, days), mail };
}

/** Runs housekeeping shortly after start and then daily; answers a function that stops it. */
export function scheduleHousekeeping(deps: Deps, log: FastifyBaseLogger): () => void {
  const run = () =>
    runHousekeeping(deps)
      .then(({ purged, mail }) => {
        if (Object.keys(purged).length > 0) log.info({ purged }, 'retention: old submissions purged');
        if (mail.sent + mail.failed > 0) log.info({ mail }, 'retention: old mail removed from the outbox');
      })
      .catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}

/**
 * Queues pledge reminders every quarter of an hour, so each goes within 15 minutes of its time
 * (two days before expiry); every instance runs it, and the claim in the update keeps it to one
 * reminder per pledge. Answers a function that stops it.
 */
export function schedulePledgeReminders(deps: Deps, log: FastifyBaseLogger): () => void {
  const timer = setInterval(
    () =>
      queuePledgeReminders(deps)
        .then((queued) => {
          if (queued > 0) log.info({ queued }, 'pledge reminders queued');
        })
        .catch((error: unknown) => log.error({ err: error }, 'pledge reminders failed')),
    15 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
