/**
 * Staff alerts sent as each entry arrives, to staff who chose "each one", queued in the
 * transaction that stores the entry. The recipients are read once per batch, not once per entry.
 * Pledges are told the same way, at most one at once per ten minutes (pledge-bursts.tsx).
 */
import type { Transaction } from 'kysely';
import { createElement } from 'react';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { mailTemplate, queueRenderedMails, renderMail } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { type AlertEntry, DASHBOARD, type StoredSubmissions, submissionEntries } from './entries';
import { type AlertKind, type Recipient, recipientsOf } from './recipients';
import { EntryMail, entrySubject, entryView } from './templates/entry-mail';
import { UnmatchedMail, unmatchedSubject } from './templates/unmatched-mail';

type AlertDeps = Pick<Deps, 'db' | 'config' | 'now' | 'mailQueued' | 'publicData'>;

/** Queues an alert about each stored submission for every member of staff who asked for each one. */
export async function alertNewSubmissions(
  trx: Transaction<Database>,
  deps: Deps,
  stored: StoredSubmissions,
): Promise<void> {
  await alertEach(trx, deps, 'submissions', submissionEntries(stored));
}

/**
 * One template per kind of entry, rendered once; each entry fills in its values. The mails are
 * queued inside the transaction that stores the entries, so it must not wait on a render each.
 */
const entryMail = mailTemplate(
  ['name', 'received', 'amount', 'campaign', 'reference'],
  (fixed: { frame: MailFrame; kind: AlertEntry['kind']; link: string; accountUrl: string }, values) =>
    createElement(EntryMail, {
      frame: fixed.frame,
      link: fixed.link,
      accountUrl: fixed.accountUrl,
      entry: {
        kind: fixed.kind,
        name: values.name,
        received: values.received,
        pledge: fixed.kind === 'pledge' ? values : undefined,
      },
    }),
);

async function alertEach(trx: Transaction<Database>, deps: AlertDeps, kind: AlertKind, entries: AlertEntry[]) {
  if (entries.length === 0) return;
  const recipients = await recipientsOf(trx, kind, 'each');
  if (recipients.length === 0) return;
  const alerts = await entryAlerts(trx, deps, kind, recipients, entries);
  await queueRenderedMails(
    trx,
    deps,
    alerts.map(({ mail }) => mail),
  );
}

/** The alert of each entry to each recipient, rendered: the same mail for every recipient of an entry. */
export async function entryAlerts(
  trx: Transaction<Database>,
  deps: AlertDeps,
  kind: AlertKind,
  recipients: Recipient[],
  entries: AlertEntry[],
) {
  const fixed = {
    frame: await mailFrame(deps, trx),
    link: siteLink(deps.config, DASHBOARD[kind], 'en'),
    accountUrl: siteLink(deps.config, DASHBOARD.account, 'en'),
  };
  const mails = await Promise.all(
    entries.map(async (entry) => {
      const view = entryView(entry);
      const rendered = await entryMail(
        { ...fixed, kind: entry.kind },
        { name: view.name, received: view.received, amount: '', campaign: '', reference: '', ...view.pledge },
      );
      return recipients.map((recipient) => ({
        recipient,
        mail: {
          kind: `alerts.${entry.kind}`,
          to: recipient.email,
          language: 'en' as const,
          subject: entrySubject(view),
          ...rendered,
        },
      }));
    }),
  );
  return mails.flat();
}

/**
 * After a bank statement import: one mail to each member of finance staff who chose "each one",
 * saying how many of its new credits matched no pledge. Nothing when every credit matched.
 */
export async function alertUnmatchedCredits(
  trx: Transaction<Database>,
  deps: AlertDeps,
  statement: { id: string; filename: string; unmatched: number },
): Promise<void> {
  if (statement.unmatched === 0) return;
  const recipients = await recipientsOf(trx, 'giving', 'each');
  if (recipients.length === 0) return;
  const body = createElement(UnmatchedMail, {
    frame: await mailFrame(deps, trx),
    filename: statement.filename,
    count: statement.unmatched,
    at: deps.now(),
    link: siteLink(deps.config, DASHBOARD.giving, 'en'),
    accountUrl: siteLink(deps.config, DASHBOARD.account, 'en'),
  });
  const rendered = await renderMail(body);
  await queueRenderedMails(
    trx,
    deps,
    recipients.map((to) => ({
      kind: 'alerts.unmatched',
      to: to.email,
      language: 'en' as const,
      subject: unmatchedSubject(statement.unmatched),
      ...rendered,
      dedupeKey: `alerts.unmatched:${statement.id}:${to.id}`,
    })),
  );
}
