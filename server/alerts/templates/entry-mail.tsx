/** One new submission or pledge, for staff who chose to hear of each one. */

import { formatNaira } from '../../../shared/format';
import type { MailFrame } from '../../mail/frame';
import { Section, Text } from '../../mail/templates/components';
import { ActionButton, MailLayout, Paragraph, styles } from '../../mail/templates/layout';
import { type AlertEntry, en, formatLagos, kindName } from '../entries';
import { AlertFooter } from './alert-footer';

/** An entry as the mail shows it: every value already text, so a template can hold slots in them. */
export interface EntryView {
  kind: AlertEntry['kind'];
  name: string;
  received: string;
  pledge?: { amount: string; campaign: string; reference: string } | undefined;
}

export interface EntryMailProps {
  frame: MailFrame;
  entry: EntryView;
  link: string;
  accountUrl: string;
}

/** What the mail shows of an entry. */
export const entryView = (entry: AlertEntry): EntryView => ({
  kind: entry.kind,
  name: entry.name,
  received: formatLagos(entry.at),
  pledge: entry.pledge && { ...entry.pledge, amount: formatNaira(entry.pledge.amount) },
});

export const entrySubject = (entry: Pick<EntryView, 'kind' | 'name'>) =>
  en('alerts.entry.subject', { kind: kindName(entry.kind), name: entry.name });

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </>
  );
}

export function EntryMail({ frame, entry, link, accountUrl }: EntryMailProps) {
  return (
    <MailLayout
      language="en"
      preview={entrySubject(entry)}
      contactEmail={frame.contactEmail}
      siteUrl={frame.siteUrl}
      footer={<AlertFooter accountUrl={accountUrl} />}
    >
      <Paragraph>{en('alerts.entry.intro', { kind: kindName(entry.kind) })}</Paragraph>
      <Section style={styles.box}>
        <Field label={en('alerts.entry.from')} value={entry.name} />
        <Field label={en('alerts.entry.received')} value={entry.received} />
        {entry.pledge && (
          <>
            <Field label={en('alerts.entry.amount')} value={entry.pledge.amount} />
            <Field label={en('alerts.entry.campaign')} value={entry.pledge.campaign} />
            <Field label={en('alerts.entry.reference')} value={entry.pledge.reference} />
          </>
        )}
      </Section>
      <ActionButton href={link}>{en('alerts.entry.open')}</ActionButton>
    </MailLayout>
  );
}
