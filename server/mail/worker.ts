/**
 * The mail worker: every few seconds (and at once when this process queues a mail) it claims due
 * rows of the outbox, sends them a few at a time, no more than MAIL_PER_MINUTE in any minute and
 * evenly spaced (one every 60/MAIL_PER_MINUTE seconds: a newsletter of thousands goes out as a
 * steady trickle, not in bursts that the provider and the pages served meanwhile would feel), and
 * records each outcome (outbox.ts). Any number of instances may run one: claims skip each
 * other's rows. Times stored in rows come from `deps.now`; the pacing of sends is real time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import type { SendableRow } from './attachments';
import { claimDue, dropClaimed, markRetry, markSent, type OutboxRow, release } from './outbox';
import { madeOf, sendableRows } from './sendable';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  /** How often to look for due rows; 5 s unless told. */
  pollMs?: number;
  /**
   * Rows claimed at once; 50 unless told. Each claim ends when its slowest send does: smaller
   * batches leave the connections idle between claims (half the rate at 20).
   */
  batch?: number;
  /** Sends at once; 3 unless told: the SMTP pool's connections (transport.ts), so none waits in it. */
  concurrency?: number;
  /** How long a stop waits for sends in flight before it hands them back; 5 s unless told. */
  stopGraceMs?: number;
  /** Lease of a claim (outbox.ts LEASE_MS unless told). */
  leaseMs?: number;
}

const MINUTE_MS = 60_000;
/** Rows claimed at once hold about this much sending time, so a pause stops the rest soon. */
const CLAIM_AHEAD_MS = 2_000;
// A mail queued in a transaction is usually committed this soon after the wake-up.
const WAKE_DELAY_MS = 50;

const reasonOf = (error: unknown): string => {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const code = e.responseCode ?? e.code;
  return `${code ? `${code}: ` : ''}${e.message ?? String(error)}`;
};

/**
 * The mail server's refusal of the recipient (a 5xx answer to RCPT TO, such as 550: no such
 * mailbox) is its final word on this message, and trying again for a day changes nothing. Any
 * other 5xx (a refused sender or sign-in, a policy on the site's domain) is the site's settings,
 * not the message's: it waits for them to be fixed like any temporary failure.
 */
export const isPermanentFailure = (error: unknown): boolean => {
  const e = error as { responseCode?: number; command?: string };
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.command === 'RCPT TO';
};

/** How the worker stops: how long it waits for sends in flight, and whether the process is ending. */
export interface MailWorkerStop {
  /** stopGraceMs unless told. */
  graceMs?: number;
  /**
   * The process exits next: sends still unfinished after the grace are handed back, since their
   * outcome can no longer be recorded. Otherwise they keep their claim and record it when done.
   */
  exiting?: boolean;
}

/**
 * Starts the worker; answers a function that stops it: it claims nothing more, hands back at once
 * what it did not start, and waits for the sends in flight up to the grace. On the way out of the
 * process, those still unfinished are handed back too, so the next start or another instance
 * sends them without waiting out the lease.
 */
export function startMailWorker(
  deps: Deps,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: MailWorkerOptions = {},
): (stop?: MailWorkerStop) => Promise<void> {
  const { pollMs = 5000, batch = 50, concurrency = 3, stopGraceMs = 5000, leaseMs } = options;
  const perMinute = deps.config.mail.perMinute;
  const spacing = MINUTE_MS / perMinute;
  const claimMax = Math.max(1, Math.ceil(CLAIM_AHEAD_MS / spacing));
  const started: number[] = []; // real times of the sends of the last minute
  let nextSlot = 0; // the real time the next send may start
  const prepare = sendableRows(deps);
  const waiting = new Set<OutboxRow>(); // claimed, not yet started
  const sending = new Set<OutboxRow>(); // started, outcome not yet recorded
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;

  /** How many may start within the minute: what the last minute leaves. */
  const budget = () => {
    const since = performance.now() - MINUTE_MS;
    while (started.length > 0 && started[0]! <= since) started.shift();
    return perMinute - started.length;
  };
  /** Waits for this send's turn: sends start `spacing` apart, whatever the number of runners. */
  const waitForSlot = async () => {
    const now = performance.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + spacing;
    if (at - now >= 1) await new Promise((resolve) => setTimeout(resolve, at - now));
  };

  /** Records a failed attempt: due again after its backoff, or failed for good. */
  const failed = async (row: OutboxRow, error: unknown) => {
    const permanent = isPermanentFailure(error);
    const { settled, status } = await markRetry(deps.db, row, deps.now(), reasonOf(error), permanent);
    if (settled && status === 'failed') {
      log.error(
        { mail: row.id, kind: row.kind, err: error },
        permanent ? 'mail refused for good by the mail server' : 'mail failed for good after 24 hours of attempts',
      );
    } else if (settled) {
      log.warn(
        { mail: row.id, kind: row.kind, attempts: row.attempts, reason: reasonOf(error) },
        'mail will be retried',
      );
    }
  };

  const sendOne = async (row: OutboxRow, mail: SendableRow) => {
    started.push(performance.now());
    try {
      const note = await transport.send(mail);
      if (!(await markSent(deps.db, row, deps.now(), note, madeOf(mail)))) {
        log.warn({ mail: row.id }, 'mail sent, but its claim had passed to another worker');
      }
    } catch (error) {
      await failed(row, error);
    }
  };

  /**
   * The message of a row, made before it waits for its turn: a row with nothing to send (a
   * composed one whose maker found nothing) goes at once and takes no turn, so a flood of such
   * jobs never slows real mail. Undefined when there is nothing more to do with the row.
   */
  const prepared = async (row: OutboxRow): Promise<SendableRow | undefined> => {
    try {
      const mail = await prepare(row);
      if (mail) return mail;
      // Handed back by stop() meanwhile: another claim decides it.
      if (waiting.delete(row)) await dropClaimed(deps.db, row);
    } catch (error) {
      if (waiting.delete(row)) await failed(row, error);
    }
    return undefined;
  };

  const sendAll = async (rows: OutboxRow[]) => {
    for (const row of rows) waiting.add(row);
    const queue = [...rows];
    const runner = async () => {
      for (let row = queue.shift(); row && !stopped; row = queue.shift()) {
        const mail = await prepared(row).catch((error: unknown) => {
          log.error({ err: error, mail: row?.id }, 'mail worker step failed');
          return undefined;
        });
        if (!mail) continue;
        await waitForSlot();
        if (stopped) break;
        if (!waiting.delete(row)) continue; // handed back by stop()
        sending.add(row);
        await sendOne(row, mail)
          .catch((error: unknown) => log.error({ err: error, mail: row?.id }, 'mail worker step failed'))
          .finally(() => sending.delete(row));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, runner));
    // Claimed while stop() ran: handed back here.
    const left = rows.filter((row) => waiting.delete(row));
    if (left.length > 0) await release(deps.db, left);
  };

  const runRound = async () => {
    while (!stopped) {
      const limit = Math.min(batch, claimMax, budget());
      if (limit <= 0) break;
      const rows = await claimDue(deps.db, deps.now(), limit, leaseMs);
      if (rows.length === 0) break;
      await sendAll(rows);
    }
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = runRound()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker round failed'))
      .finally(() => {
        round = undefined;
        const wait = budget() <= 0 ? Math.max(1000, MINUTE_MS - (performance.now() - (started[0] ?? 0))) : pollMs;
        schedule(again ? 0 : wait);
        again = false;
      });
  }

  const unlisten = deps.mailQueued.listen(() => {
    if (round) again = true;
    else schedule(WAKE_DELAY_MS);
  });
  schedule(0);

  const handBack = (rows: OutboxRow[]) =>
    release(deps.db, rows).catch((error: unknown) =>
      log.error({ err: error }, 'mail worker could not hand back its claims (their lease will run out)'),
    );

  return async ({ graceMs = stopGraceMs, exiting = false }: MailWorkerStop = {}) => {
    stopped = true;
    clearTimeout(timer);
    unlisten();
    const unstarted = [...waiting];
    waiting.clear();
    await handBack(unstarted);
    if (round) {
      let grace: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, graceMs);
      });
      await Promise.race([round, graceOver]);
      clearTimeout(grace);
    }
    // Sends the grace did not see finish, when their outcome can no longer be recorded: handed
    // back (one may arrive twice, as after a crash).
    const unfinished = exiting ? [...sending] : [];
    if (unfinished.length > 0) {
      log.warn({ mails: unfinished.length }, 'mail still being sent at the stop: handed back to be sent again');
      await handBack(unfinished);
    }
  };
}
