/**
 * From a claimed row to what the transport sends: a composed message made (composers.ts), a bulk
 * message's body filled in from its batch (batches.ts), its attachment made (attachments.ts).
 * The worker and the tests' delivery go through this one step.
 */
import type { Deps } from '../deps';
import { type SendableRow, withAttachments } from './attachments';
import { batchBodies } from './batches';
import { compose } from './composers';
import type { MadeMessage, OutboxRow } from './outbox';

/** Prepares rows for sending: null for a row with nothing to send (to be dropped). A failure fails the attempt. */
export function sendableRows(deps: Deps): (row: OutboxRow) => Promise<SendableRow | null> {
  const bodyOf = batchBodies(deps.db);
  const attach = withAttachments(deps);
  return async (row) => {
    const composed = await compose(deps, row);
    return composed && attach(await bodyOf(composed));
  };
}

/** What a composed message was made of, to keep with its row once sent; nothing for other rows. */
export const madeOf = (row: SendableRow): MadeMessage | undefined =>
  row.composer ? { subject: row.subject, html: row.html, text: row.text, language: row.language } : undefined;
