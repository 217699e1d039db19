/**
 * Attachments, made as a message leaves. A row names its attachment (`attachment`:
 * 'gift-receipt:R2026-000123') and the sender makes the file from the database when it sends the
 * row: the outbox keeps a few bytes per message, the transaction that queues a receipt renders no
 * PDF, and a bulk send's rows carry nothing. A message sent again (a retry, or staff's "Retry
 * now") is made again from the same records.
 *
 * The makers are loaded with the first row that names one: a process that sends none never loads
 * the PDF library.
 */
import type Mail from 'nodemailer/lib/mailer';
import type { Deps } from '../deps';
import type { OutboxRow } from './outbox';

/** A row as the transport sends it: with its attachments made. */
export type SendableRow = OutboxRow & { attachments?: Mail.Attachment[] };

type AttachmentDeps = Pick<Deps, 'db' | 'publicData' | 'config'>;

/** Each kind of attachment by the name's prefix: from what it names to the file, or none when that is gone. */
const MAKERS: Record<string, (deps: AttachmentDeps, id: string) => Promise<Mail.Attachment | undefined>> = {
  'gift-receipt': async (deps, receiptNumber) => {
    const { giftReceiptPdf } = await import('../giving/receipt');
    const file = await giftReceiptPdf(deps, receiptNumber);
    return file && { filename: file.filename, content: file.pdf, contentType: 'application/pdf' };
  },
};

/**
 * The sender's step after the body (batches.ts `batchBodies`): a row naming an attachment gets it
 * made; other rows pass as they are. A maker that fails fails the send, which is retried as any
 * failed send is, with the reason in the outbox for staff to see.
 */
export function withAttachments(deps: AttachmentDeps): (row: OutboxRow) => Promise<SendableRow> {
  return async (row) => {
    if (!row.attachment) return row;
    const at = row.attachment.indexOf(':');
    const make = MAKERS[row.attachment.slice(0, at)];
    if (!make) throw new Error(`mail ${row.id} names an unknown attachment: ${row.attachment}`);
    const attachment = await make(deps, row.attachment.slice(at + 1));
    return attachment ? { ...row, attachments: [attachment] } : row;
  };
}
