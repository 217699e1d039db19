/** The mails of a forgotten password and of a new staff member's invitation: one link each. */

import { type Locale, t } from '../../shared/messages';
import type { MailFrame } from '../mail/frame';
import { Text } from '../mail/templates/components';
import { ActionButton, Greeting, MailLayout, MailLink, Paragraph, styles } from '../mail/templates/layout';

interface LinkMailProps {
  language: Locale;
  frame: MailFrame;
  /** The staff member's name, when the account has one. */
  name: string;
  email: string;
  link: string;
}

const siteOf = (frame: MailFrame) => new URL(frame.siteUrl).host;

export function PasswordResetMail({ language, frame, name, email, link }: LinkMailProps) {
  const site = siteOf(frame);
  return (
    <MailLayout language={language} preview={t('passwordReset.mail.preview', undefined, language)} {...frame}>
      <Greeting name={name} language={language} />
      <Paragraph>{t('passwordReset.mail.intro', { email, site }, language)}</Paragraph>
      <ActionButton href={link}>{t('passwordReset.mail.button', undefined, language)}</ActionButton>
      <Text style={styles.muted}>{t('passwordReset.mail.expires', undefined, language)}</Text>
      <Text style={{ ...styles.muted, wordBreak: 'break-all' }}>
        <MailLink href={link}>{link}</MailLink>
      </Text>
      <Paragraph>{t('passwordReset.mail.ignore', undefined, language)}</Paragraph>
    </MailLayout>
  );
}

export function InvitationMail({ language, frame, name, email, link }: LinkMailProps) {
  const site = siteOf(frame);
  return (
    <MailLayout language={language} preview={t('passwordReset.invite.preview', undefined, language)} {...frame}>
      <Greeting name={name} language={language} />
      <Paragraph>{t('passwordReset.invite.intro', { email, site }, language)}</Paragraph>
      <ActionButton href={link}>{t('passwordReset.invite.button', undefined, language)}</ActionButton>
      <Text style={styles.muted}>{t('passwordReset.invite.expires', undefined, language)}</Text>
      <Text style={{ ...styles.muted, wordBreak: 'break-all' }}>
        <MailLink href={link}>{link}</MailLink>
      </Text>
      <Paragraph>{t('passwordReset.invite.later', undefined, language)}</Paragraph>
    </MailLayout>
  );
}
