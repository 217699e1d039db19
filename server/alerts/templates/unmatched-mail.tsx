/** After a bank statement import: how many of its new credits matched no pledge. */
import type { MailFrame } from '../../mail/frame';
import { ActionButton, MailLayout, Paragraph } from '../../mail/templates/layout';
import { en, formatLagos } from '../entries';
import { AlertFooter } from './alert-footer';

export interface UnmatchedMailProps {
  frame: MailFrame;
  filename: string;
  count: number;
  at: Date;
  link: string;
  accountUrl: string;
}

export const unmatchedSubject = (count: number) => en('alerts.unmatched.subject', { count });

export function UnmatchedMail({ frame, filename, count, at, link, accountUrl }: UnmatchedMailProps) {
  return (
    <MailLayout
      language="en"
      preview={unmatchedSubject(count)}
      contactEmail={frame.contactEmail}
      siteUrl={frame.siteUrl}
      footer={<AlertFooter accountUrl={accountUrl} />}
    >
      <Paragraph>{en('alerts.unmatched.intro', { file: filename, time: formatLagos(at), count })}</Paragraph>
      <ActionButton href={link}>{en('alerts.unmatched.open')}</ActionButton>
    </MailLayout>
  );
}
