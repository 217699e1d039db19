/**
 * Daily housekeeping: rows that have served their purpose are removed. Expired sign-in counters
 * and ended sessions always; rejected applications and contact messages once they are older than
 * SUBMISSION_RETENTION_DAYS, when it is set. Every instance may run it: each step is idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pruneAttempts } from './auth/throttle';
import type { Deps } from './deps';
import { purgeExpiredSubmissions } from './submissions/service';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingReport {
  purged: Awaited<ReturnType<typeof purgeExpiredSubmissions>>;
}

export async function runHousekeeping(deps: Deps): Promise<HousekeepingReport> {
  const now = deps.now();
  // The longest throttle window is a quarter of an hour; a day-old counter counts nothing.
  await pruneAttempts(deps.db, new Date(now.getTime() - DAY_MS));
  // A session is useless once its token has expired, whether it was revoked or not.
  const sessionsEnd = new Date(now.getTime() - deps.config.tokenTtlHours * 60 * 60 * 1000);
  await deps.db.deleteFrom('admin_sessions').where('createdAt', '<', sessionsEnd).execute();
  const days = deps.config.submissionRetentionDays;
  return { purged: days === undefined ? {} : await purgeExpiredSubmissions(deps, days) };
}

/** Runs housekeeping shortly after start and then daily; answers a function that stops it. */
export function scheduleHousekeeping(deps: Deps, log: FastifyBaseLogger): () => void {
  const run = () =>
    runHousekeeping(deps)
      .then(({ purged }) => {
        if (Object.keys(purged).length > 0) log.info({ purged }, 'retention: old submissions purged');
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
