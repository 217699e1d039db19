/** The daily summary at 07:00 Lagos time: what arrived of the reader's kinds since the last one. */

import type { MailFrame } from '../../mail/frame';
import { Heading, Section, Text } from '../../mail/templates/components';
import { ActionButton, MailLayout, Paragraph, styles } from '../../mail/templates/layout';
import { type AlertEntry, en, formatLagos, kindName } from '../entries';
import { AlertFooter } from './alert-footer';

/** Some of a kind's entries, and how many there were in all. */
export interface Listed<T> {
  total: number;
  shown: T[];
}

export interface UnmatchedStatement {
  id: string;
  filename: string;
  at: Date;
  unmatched: number;
}

export interface Digest {
  from: Date;
  to: Date;
  submissions?: Listed<AlertEntry>;
  pledges?: Listed<AlertEntry>;
  statements?: UnmatchedStatement[];
}

export interface DigestMailProps {
  frame: MailFrame;
  digest: Digest;
  links: { submissions: string; giving: string; account: string };
}

/** How many things the digest reports: entries, and credits that matched no pledge. */
export const digestCount = (d: Digest): number =>
  (d.submissions?.total ?? 0) + (d.pledges?.total ?? 0) + (d.statements ?? []).reduce((sum, s) => sum + s.unmatched, 0);

export const digestSubject = (d: Digest) => en('alerts.digest.subject', { count: digestCount(d) });

function Entries({ listed }: { listed: Listed<AlertEntry> }) {
  return (
    <>
      {listed.shown.map((entry) => (
        <Text key={entry.id} style={{ ...styles.text, margin: '0 0 4px' }}>
          {en('alerts.digest.line', { kind: kindName(entry.kind), name: entry.name, time: formatLagos(entry.at) })}
        </Text>
      ))}
      {listed.total > listed.shown.length && (
        <Text style={styles.muted}>{en('alerts.digest.more', { count: listed.total - listed.shown.length })}</Text>
      )}
    </>
  );
}

const sectionTitle = { ...styles.heading, fontSize: '18px', lineHeight: '24px' };

export function DigestMail({ frame, digest, links }: DigestMailProps) {
  const { submissions, pledges, statements = [] } = digest;
  return (
    <MailLayout
      language="en"
      preview={digestSubject(digest)}
      contactEmail={frame.contactEmail}
      siteUrl={frame.siteUrl}
      footer={<AlertFooter accountUrl={links.account} />}
    >
      <Paragraph>{en('alerts.digest.intro', { from: formatLagos(digest.from), to: formatLagos(digest.to) })}</Paragraph>
      {submissions && submissions.total > 0 && (
        <Section>
          <Heading as="h2" style={sectionTitle}>
            {en('alerts.digest.submissions', { count: submissions.total })}
          </Heading>
          <Entries listed={submissions} />
          <ActionButton href={links.submissions}>{en('alerts.digest.openSubmissions')}</ActionButton>
        </Section>
      )}
      {pledges && pledges.total > 0 && (
        <Section>
          <Heading as="h2" style={sectionTitle}>
            {en('alerts.digest.pledges', { count: pledges.total })}
          </Heading>
          <Entries listed={pledges} />
        </Section>
      )}
      {statements.length > 0 && (
        <Section>
          <Heading as="h2" style={sectionTitle}>
            {en('alerts.digest.unmatched')}
          </Heading>
          {statements.map((s) => (
            <Text key={s.id} style={{ ...styles.text, margin: '0 0 4px' }}>
              {en('alerts.digest.statement', { file: s.filename, time: formatLagos(s.at), count: s.unmatched })}
            </Text>
          ))}
        </Section>
      )}
      {((pledges?.total ?? 0) > 0 || statements.length > 0) && (
        <ActionButton href={links.giving}>{en('alerts.digest.openGiving')}</ActionButton>
      )}
    </MailLayout>
  );
}
