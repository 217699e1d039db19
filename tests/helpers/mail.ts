/**
 * Mail in tests: the outbox's due messages delivered to a real SMTP server (tests/helpers/smtp.ts)
 * and read back parsed, and the links found in them. One call delivers everything due now, on the
 * clock of the deps given, as the server's worker would: composed messages made, and those with
 * nothing to send dropped.
 */
import type { ParsedMail } from 'mailparser';
import type { Deps } from '../../server/deps';
import { claimDue, dropClaimed, markRetry, markSent } from '../../server/mail/outbox';
import { madeOf, sendableRows } from '../../server/mail/sendable';
import { createMailTransport } from '../../server/mail/transport';
import type { TestSmtp } from './smtp';
import { waitFor } from './wait';

/** The settings a site needs to send over the test SMTP server. */
export const mailEnv = (smtp: TestSmtp) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
  PUBLIC_URL: 'https://foundation.example.org',
});

/**
 * Sends every message due now through the site's own transport to the test SMTP server, and
 * answers those that arrived with this call, parsed. Failures are recorded as the worker would.
 */
export async function deliverDue(deps: Deps, smtp: TestSmtp): Promise<ParsedMail[]> {
  const before = smtp.received.length;
  const transport = createMailTransport(deps.config);
  const prepare = sendableRows(deps);
  let sent = 0;
  try {
    for (
      let rows = await claimDue(deps.db, deps.now(), 100);
      rows.length > 0;
      rows = await claimDue(deps.db, deps.now(), 100)
    ) {
      // A few at a time, as the worker sends (its pool has three connections).
      for (let i = 0; i < rows.length; i += 3) {
        await Promise.all(
          rows.slice(i, i + 3).map(async (row) => {
            try {
              const mail = await prepare(row);
              // A composed message with nothing to send goes, as the worker drops it.
              if (!mail) return void (await dropClaimed(deps.db, row));
              await transport.send(mail);
              await markSent(deps.db, row, deps.now(), undefined, madeOf(mail));
              sent += 1;
            } catch (error) {
              await markRetry(deps.db, row, deps.now(), (error as Error).message);
            }
          }),
        );
      }
    }
  } finally {
    transport.close();
  }
  await waitFor(() => smtp.received.length >= before + sent, { what: `${sent} mails to arrive` });
  return smtp.received.slice(before).map((mail) => mail.parsed);
}

/** The mails sent to one address, oldest first. */
export const mailsTo = (smtp: TestSmtp, address: string): ParsedMail[] =>
  smtp.received.filter((mail) => mail.rcptTo.includes(address)).map((mail) => mail.parsed);

/** Every link of a mail's HTML part, in order. */
export function linksOf(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** The first link of a mail whose path starts with `path`. */
export function linkTo(mail: ParsedMail, path: string): URL {
  const found = linksOf(mail)
    .map((href) => new URL(href))
    .find((url) => url.pathname.startsWith(path));
  if (!found) throw new Error(`No link to ${path} in the mail "${mail.subject}": ${linksOf(mail).join(', ')}`);
  return found;
}
