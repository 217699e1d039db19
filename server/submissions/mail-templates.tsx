/**
 * The mails to people who wrote through the public forms: the acknowledgement of an application or
 * a message, and the welcome when an application is approved. They name the person and, for a
 * message, its subject, unless either holds a link; they never repeat the message itself nor the
 * phone number.
 */

import { FOUNDATION } from '../../shared/constants';
import { type Locale, type MessageKey, t } from '../../shared/messages';
import type { MailFrame } from '../mail/frame';
import { Text } from '../mail/templates/components';
import { ActionButton, Greeting, MailLayout, MailLink, Paragraph, styles } from '../mail/templates/layout';
import { repeatable } from '../mail/typed-text';

export type ApplicationType = 'volunteer' | 'partner' | 'advocate';

/**
 * What the mails say of an application: who to greet, and the organisation a partner named; each
 * '' when not given or when it holds a link (typed-text.ts), and the mail says it without.
 */
export interface Applicant {
  type: ApplicationType;
  firstName: string;
  organization: string;
}

/** The applicant of a stored row of one of the application tables. */
export function applicantOf(
  type: ApplicationType,
  row: { firstName?: string; contactFirstName?: string; organizationName?: string },
): Applicant {
  return type === 'partner'
    ? { type, firstName: repeatable(row.contactFirstName), organization: repeatable(row.organizationName) }
    : { type, firstName: repeatable(row.firstName), organization: '' };
}

/** The first line of an application's mail: a partner's names the organisation, when there is one to name. */
const introOf = (step: 'application' | 'welcome', { type, organization }: Applicant, l: Locale) =>
  type === 'partner' && !organization
    ? t(`mail.${step}.intro.partnerPlain`, undefined, l)
    : t(`mail.${step}.intro.${type}`, { organization }, l);

interface Common {
  language: Locale;
  frame: MailFrame;
  /** The campaigns page, in the reader's language. */
  campaignsUrl: string;
}

const STEPS: MessageKey[] = ['mail.application.step1', 'mail.application.step2', 'mail.application.step3'];

export function ApplicationReceivedMail({
  applicant,
  language: l,
  frame,
  campaignsUrl,
}: Common & { applicant: Applicant }) {
  return (
    <MailLayout language={l} preview={t('mail.application.preview', undefined, l)} {...frame}>
      <Greeting name={applicant.firstName} language={l} />
      <Paragraph>{introOf('application', applicant, l)}</Paragraph>
      <Text style={{ ...styles.text, fontWeight: 700 }}>{t('mail.application.nextTitle', undefined, l)}</Text>
      {STEPS.map((step, i) => (
        <Text key={step} style={styles.text}>
          {`${i + 1}. ${t(step, undefined, l)}`}
        </Text>
      ))}
      <Paragraph>
        <MailLink href={campaignsUrl}>{t('mail.application.campaigns', undefined, l)}</MailLink>
      </Paragraph>
    </MailLayout>
  );
}

/** The acknowledgement's own subject line, quoting the message's subject when there is one to quote. */
export const contactSubject = (subject: string, l: Locale) =>
  subject ? t('mail.contact.subject', { subject }, l) : t('mail.contact.subjectPlain', undefined, l);

export function ContactReceivedMail({
  name,
  subject,
  language: l,
  frame,
}: Omit<Common, 'campaignsUrl'> & { name: string; subject: string }) {
  return (
    <MailLayout language={l} preview={t('mail.contact.preview', undefined, l)} {...frame}>
      <Greeting name={name} language={l} />
      <Paragraph>
        {subject ? t('mail.contact.intro', { subject }, l) : t('mail.contact.introPlain', undefined, l)}
      </Paragraph>
      <Paragraph>{t('mail.contact.next', undefined, l)}</Paragraph>
    </MailLayout>
  );
}

export function WelcomeMail({ applicant, language: l, frame, campaignsUrl }: Common & { applicant: Applicant }) {
  return (
    <MailLayout language={l} preview={t('mail.welcome.preview', undefined, l)} {...frame}>
      <Greeting name={applicant.firstName} language={l} />
      <Paragraph>{introOf('welcome', applicant, l)}</Paragraph>
      <Paragraph>{t('mail.welcome.next', undefined, l)}</Paragraph>
      <ActionButton href={campaignsUrl}>{t('mail.welcome.campaigns', undefined, l)}</ActionButton>
    </MailLayout>
  );
}

export const welcomeSubject = (language: Locale) => t('mail.welcome.subject', { name: FOUNDATION.name }, language);
