/**
 * Messages made as they leave. A request that must answer every address alike (a password reset,
 * finding one's pledges, a newsletter sign-up) queues the same job whatever the address is, and
 * the sender decides when the row is due: the maker the row names reads the records as they are
 * then and makes the message, or finds there is nothing to send (no such account, no pledge, an
 * address already confirmed) and the row goes without a trace (outbox.ts `dropClaimed`). So the
 * request does the same work on every path, and only the worker, later and apart, knows.
 *
 * A follow-up is made the same way: an alert that folds what came after it is queued due later,
 * and counts when it is due. The makers are loaded with the first row that names one; the areas
 * queue their jobs with compose.ts `composedMail`.
 */
import type { Deps } from '../deps';
import type { Made } from './compose';
import type { OutboxRow } from './outbox';

/** The message, or null when there is nothing to send. */
type Maker = (deps: Deps, row: OutboxRow, argument: string) => Promise<Made | null>;

const MAKERS: Record<string, Maker> = {
  'password-reset': async (deps, row) => (await import('../users/password-reset')).composeResetMail(deps, row),
  'pledge-lookup': async (deps, row) => (await import('../giving/lookup')).composeLookupMail(deps, row),
  'newsletter-confirm': async (deps, row) =>
    (await import('../newsletter/confirmation')).composeConfirmation(deps, row),
  'pledge-alerts': async (deps, row, pledgeId) =>
    (await import('../alerts/pledge-bursts')).composeLaterPledges(deps, row, pledgeId),
};

/** A row whose message is made as it leaves, made now: the row with its message, or null for nothing to send. */
export async function compose(deps: Deps, row: OutboxRow): Promise<OutboxRow | null> {
  if (!row.composer) return row;
  const at = row.composer.indexOf(':');
  const name = at < 0 ? row.composer : row.composer.slice(0, at);
  const make = MAKERS[name];
  if (!make) throw new Error(`mail ${row.id} names an unknown maker: ${row.composer}`);
  const made = await make(deps, row, at < 0 ? '' : row.composer.slice(at + 1));
  return made && { ...row, ...made, headers: { ...row.headers, ...made.headers } };
}
