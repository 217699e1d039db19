/** The pledges that came after one finance was told of, within its ten minutes: one mail for them all. */
import { formatNaira } from '../../../shared/format';
import type { MailFrame } from '../../mail/frame';
import { Text } from '../../mail/templates/components';
import { ActionButton, MailLayout, Paragraph, styles } from '../../mail/templates/layout';
import { type AlertEntry, en, formatLagos } from '../entries';
import { AlertFooter } from './alert-footer';

export interface LaterPledgesMailProps {
  frame: MailFrame;
  /** How many came, and those listed (the first few). */
  count: number;
  shown: AlertEntry[];
  from: Date;
  to: Date;
  minutes: number;
  link: string;
  accountUrl: string;
}

export const laterPledgesSubject = (count: number) => en('alerts.later.subject', { count });

export function LaterPledgesMail({ frame, count, shown, from, to, minutes, link, accountUrl }: LaterPledgesMailProps) {
  return (
    <MailLayout
      language="en"
      preview={laterPledgesSubject(count)}
      contactEmail={frame.contactEmail}
      siteUrl={frame.siteUrl}
      footer={<AlertFooter accountUrl={accountUrl} />}
    >
      <Paragraph>
        {en('alerts.later.intro', { count, from: formatLagos(from), to: formatLagos(to), minutes })}
      </Paragraph>
      {shown.map((entry) => (
        <Text key={entry.id} style={{ ...styles.text, margin: '0 0 4px' }}>
          {en('alerts.later.line', {
            name: entry.name,
            amount: formatNaira(entry.pledge?.amount ?? 0),
            campaign: entry.pledge?.campaign ?? '',
            reference: entry.pledge?.reference ?? '',
            time: formatLagos(entry.at),
          })}
        </Text>
      ))}
      {count > shown.length && (
        <Text style={styles.muted}>{en('alerts.digest.more', { count: count - shown.length })}</Text>
      )}
      <ActionButton href={link}>{en('alerts.digest.openGiving')}</ActionButton>
    </MailLayout>
  );
}
