/** The mail that tells an applicant or a sender of a message that it arrived. */
import type { Transaction } from 'kysely';
import { type Locale, t } from '../../shared/messages';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { mailTemplate, queueRenderedMails } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { onceADay } from '../mail/mailbox';
import { repeatable } from '../mail/typed-text';
import {
  ApplicationReceivedMail,
  type ApplicationType,
  applicantOf,
  ContactReceivedMail,
  contactSubject,
} from './mail-templates';

/** A batch of stored rows this acknowledges (after-store.ts hands it every kind but the newsletter's). */
export type Acknowledged =
  | { kind: 'volunteer'; rows: Row<'volunteer_submissions'>[] }
  | { kind: 'partner'; rows: Row<'partner_submissions'>[] }
  | { kind: 'advocate'; rows: Row<'advocate_submissions'>[] }
  | { kind: 'contact'; rows: Row<'contact_messages'>[] };

/**
 * The acknowledgement of an application: rendered once per language, kind, and whether it names
 * the person and the organisation (typed-text.ts may leave either out); filled per person.
 */
const applicationMail = mailTemplate(
  ['firstName', 'organization'],
  (
    fixed: {
      type: ApplicationType;
      language: Locale;
      frame: MailFrame;
      campaignsUrl: string;
      named: boolean;
      organized: boolean;
    },
    applicant,
  ) => (
    <ApplicationReceivedMail
      applicant={{
        type: fixed.type,
        firstName: fixed.named ? applicant.firstName : '',
        organization: fixed.organized ? applicant.organization : '',
      }}
      language={fixed.language}
      frame={fixed.frame}
      campaignsUrl={fixed.campaignsUrl}
    />
  ),
);

const contactMail = mailTemplate(
  ['name', 'subject'],
  (fixed: { language: Locale; frame: MailFrame; named: boolean; quoted: boolean }, values) => (
    <ContactReceivedMail
      name={fixed.named ? values.name : ''}
      subject={fixed.quoted ? values.subject : ''}
      language={fixed.language}
      frame={fixed.frame}
    />
  ),
);

/** Queues an acknowledgement for each stored application or contact message. */
export async function acknowledgeSubmissions(
  trx: Transaction<Database>,
  deps: Deps,
  stored: Acknowledged,
): Promise<void> {
  if (stored.rows.length === 0) return;
  // The address has not been confirmed, and the mail repeats a little of what was typed: at most
  // one acknowledgement of each kind per mailbox a day (server/mail/mailbox.ts), so the forms
  // cannot be used to flood an inbox someone else owns, +tags or not.
  const now = deps.now();
  // Read in this transaction: PGlite's one connection is busy with it.
  const frame = await mailFrame(deps, trx);
  if (stored.kind === 'contact') {
    const mails = stored.rows.map(async (row) => {
      const name = repeatable(row.name);
      const subject = repeatable(row.subject);
      const fixed = { language: row.language, frame, named: name !== '', quoted: subject !== '' };
      return {
        kind: 'contact.received',
        to: row.email,
        language: row.language,
        subject: contactSubject(subject, row.language),
        ...(await contactMail(fixed, { name, subject })),
        dedupeKey: onceADay('contact.received', row.email, now),
      };
    });
    await queueRenderedMails(trx, deps, await Promise.all(mails));
    return;
  }
  const { kind } = stored;
  const mails = stored.rows.map(async (row) => {
    const { firstName, organization } = applicantOf(kind, row);
    const fixed = {
      type: kind,
      language: row.language,
      frame,
      campaignsUrl: siteLink(deps.config, '/campaigns', row.language),
      named: firstName !== '',
      organized: organization !== '',
    };
    return {
      kind: 'application.received',
      to: row.email,
      language: row.language,
      subject: t('mail.application.subject', undefined, row.language),
      ...(await applicationMail(fixed, { firstName, organization })),
      dedupeKey: onceADay(`application.received:${kind}`, row.email, now),
    };
  });
  await queueRenderedMails(trx, deps, await Promise.all(mails));
}
