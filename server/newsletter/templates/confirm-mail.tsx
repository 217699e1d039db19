/** The double opt-in mail: one button that opens the confirm page, and the link written out. */

import { FOUNDATION } from '../../../shared/constants';
import { type Locale, type MessageKey, t } from '../../../shared/messages';
import type { MailFrame } from '../../mail/frame';
import { Text } from '../../mail/templates/components';
import { ActionButton, Greeting, MailLayout, MailLink, Paragraph, styles } from '../../mail/templates/layout';

export interface ConfirmMailProps {
  language: Locale;
  frame: MailFrame;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function ConfirmMail({ language, frame, confirmUrl, unsubscribeUrl }: ConfirmMailProps) {
  const text = (key: MessageKey, vars?: Record<string, string>) => t(key, vars, language);
  return (
    <MailLayout
      language={language}
      preview={text('newsletter.mail.preview')}
      contactEmail={frame.contactEmail}
      siteUrl={frame.siteUrl}
      footer={
        <Text style={styles.muted}>
          {text('newsletter.mail.unsubscribe')}{' '}
          <MailLink href={unsubscribeUrl}>{text('newsletter.mail.unsubscribeLink')}</MailLink>
        </Text>
      }
    >
      <Greeting language={language} />
      <Paragraph>{text('newsletter.mail.text', { name: FOUNDATION.name })}</Paragraph>
      <ActionButton href={confirmUrl}>{text('newsletter.mail.button')}</ActionButton>
      <Text style={styles.muted}>{text('newsletter.mail.link')}</Text>
      <Text style={{ ...styles.muted, wordBreak: 'break-all' }}>
        <MailLink href={confirmUrl}>{confirmUrl}</MailLink>
      </Text>
      <Text style={styles.muted}>{text('newsletter.mail.valid')}</Text>
      <Paragraph>{text('newsletter.mail.ignore')}</Paragraph>
    </MailLayout>
  );
}
