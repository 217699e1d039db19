/**
 * Runs the daily digest at 07:00 Lagos time in every server process (the claims in digest.tsx keep
 * it to one mail per staff member per day). On start it sends at once any digest the latest 07:00
 * should have sent, as when the server was down then.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { nextDigestAt, sendDailyDigests } from './digest';

export function scheduleDailyDigests(deps: Deps, log: FastifyBaseLogger): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () =>
    sendDailyDigests(deps)
      .then(({ sent }) => {
        if (sent > 0) log.info({ sent }, 'daily alert digests queued');
      })
      .catch((error: unknown) => log.error({ err: error }, 'daily alert digests failed'));
  const planNext = () => {
    if (stopped) return;
    // Planned afresh each day from the clock, so a slow run or a sleeping machine does not drift.
    timer = setTimeout(() => void run().finally(planNext), nextDigestAt(deps.now()).getTime() - deps.now().getTime());
    timer.unref();
  };
  void run().finally(planNext);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
