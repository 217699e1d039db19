/**
 * "Find my pledge": a donor who lost the payment reference gives the email of the pledge, and a
 * mail to that address lists the links to its pledges: those still open (pending, not expired)
 * and those received in the last year, whose page shows the receipt. The address alone proves
 * nothing, so nothing is ever shown in the answer: every address gets the same message after the
 * same statements, a job for the mail queued whatever the address, and the mail worker looks the
 * pledges up as it makes the mail, or finds none and sends nothing (composeLookupMail).
 *
 * Limits: the form budget per client (the route's and the procedure's own), and the mailbox's
 * (server/mail/mailbox.ts: three an hour, ten a day), counted whether or not it matches and
 * answered alike beyond it, as the password reset does: the limit says nothing of whether the
 * address pledged.
 */
import { sql } from 'kysely';
import { formatNaira } from '../../shared/format';
import { lagosToday } from '../../shared/lagos-time';
import { type Locale, t } from '../../shared/messages';
import type { PledgeLookupInput } from '../../shared/schemas/pledge-lookup';
import type { Deps } from '../deps';
import { composedMail, type Made, made, queueRenderedMail } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { reserveMailbox } from '../mail/mailbox';
import type { OutboxRow } from '../mail/outbox';
import { Section, Text } from '../mail/templates/components';
import { ActionButton, COLORS, Greeting, MailLayout, MailLink, Paragraph, styles } from '../mail/templates/layout';
import { mailDay, titleIn } from './mails';

/** Received pledges are listed this long after their last change: their receipt is on their page. */
const RECEIVED_LISTED_DAYS = 365;
/** The most pledges one mail lists, newest first. */
const MAX_LISTED = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

type LookupDeps = Pick<Deps, 'db' | 'config' | 'now' | 'mailQueued'>;

interface ListedPledge {
  reference: string;
  campaign: string;
  amount: string;
  /** Open: the day its reference lapses, in words. Received: null. */
  validUntil: string | null;
  pageUrl: string;
}

function LookupMail({
  language: l,
  name,
  pledges,
  frame,
}: {
  language: Locale;
  name: string;
  pledges: ListedPledge[];
  frame: MailFrame;
}) {
  const [first] = pledges;
  return (
    <MailLayout language={l} preview={t('mail.lookup.preview', { count: pledges.length }, l)} {...frame}>
      <Greeting name={name} language={l} />
      <Paragraph>{t('mail.lookup.intro', { count: pledges.length }, l)}</Paragraph>
      {pledges.map((p) => (
        <Section
          key={p.reference}
          style={{ ...styles.box, ...(p.validUntil ? { border: `2px solid ${COLORS.green700}` } : {}) }}
        >
          <Text style={{ ...styles.text, fontWeight: 700, margin: '0 0 4px' }}>{p.campaign}</Text>
          <Text style={styles.label}>{t('mail.fact.amount', undefined, l)}</Text>
          <Text style={styles.value}>{p.amount}</Text>
          <Text style={styles.label}>{t('mail.fact.reference', undefined, l)}</Text>
          <Text style={{ ...styles.value, letterSpacing: '2px' }}>{p.reference}</Text>
          <Text style={styles.muted}>
            {p.validUntil ? t('mail.lookup.open', { date: p.validUntil }, l) : t('mail.lookup.received', undefined, l)}
          </Text>
          <Text style={{ ...styles.text, margin: '0' }}>
            <MailLink href={p.pageUrl}>{t('mail.lookup.pageLink', { reference: p.reference }, l)}</MailLink>
          </Text>
        </Section>
      ))}
      {/* One pledge: its page as the mail's main action too, a big target on a phone. */}
      {pledges.length === 1 && first && (
        <ActionButton href={first.pageUrl}>{t('mail.pledge.pageLink', undefined, l)}</ActionButton>
      )}
      <Paragraph>{t('mail.lookup.notYou', undefined, l)}</Paragraph>
    </MailLayout>
  );
}

/** The address's open pledges and those received in the last year, newest first. */
async function pledgesOf(deps: Pick<Deps, 'db'>, email: string, now: Date) {
  return deps.db
    .selectFrom('pledges')
    .leftJoin('campaigns', 'campaigns.id', 'pledges.campaignId')
    .select([
      'pledges.reference',
      'pledges.name',
      'pledges.amount',
      'pledges.status',
      'pledges.expiresAt',
      'pledges.language',
      'pledges.campaignTitle',
      'campaigns.titleHa',
    ])
    .where(sql<string>`lower(pledges.email)`, '=', email)
    .where((eb) =>
      eb.or([
        eb.and([eb('pledges.status', '=', 'pending'), eb('pledges.expiresAt', '>', now)]),
        eb.and([
          eb('pledges.status', '=', 'confirmed'),
          eb('pledges.updatedAt', '>', new Date(now.getTime() - RECEIVED_LISTED_DAYS * DAY_MS)),
        ]),
      ]),
    )
    .orderBy('pledges.createdAt', 'desc')
    .orderBy('pledges.id', 'desc')
    .limit(MAX_LISTED)
    .execute();
}

/**
 * POST /api/pledges/lookup and pledge.lookup: within the mailbox's limits, queues the job of the
 * mail, whatever the address. A filled-in honeypot gets the same answer and nothing is done.
 */
export async function lookupPledges(deps: LookupDeps, input: PledgeLookupInput): Promise<{ message: string }> {
  const answer = { message: t('pledgeLookup.sent') };
  if (input.website) return answer;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await reserveMailbox(trx, 'pledge.lookup', input.email, now))) return;
    await queueRenderedMail(
      trx,
      deps,
      composedMail({ kind: 'pledge.lookup', to: input.email, language: 'en', composer: 'pledge-lookup' }),
    );
  });
  return answer;
}

/**
 * The lookup mail of a queued request (server/mail/composers.ts), made as it leaves: the links to
 * the address's pledges, in the language of its latest one, or nothing when it has none.
 */
export async function composeLookupMail(deps: Deps, row: Pick<OutboxRow, 'toAddress'>): Promise<Made | null> {
  const rows = await pledgesOf(deps, row.toAddress.toLowerCase(), deps.now());
  const [latest] = rows;
  if (!latest) return null;
  const language = latest.language;
  const listed: ListedPledge[] = rows.map((pledge) => ({
    reference: pledge.reference,
    campaign: titleIn(language, pledge.campaignTitle, pledge.titleHa ?? undefined),
    amount: formatNaira(pledge.amount),
    validUntil: pledge.status === 'pending' ? mailDay(lagosToday(pledge.expiresAt), language) : null,
    pageUrl: siteLink(deps.config, `/pledge/${pledge.reference}`, language),
  }));
  const frame = await mailFrame(deps, deps.db);
  return made(
    t('mail.lookup.subject', { count: listed.length }, language),
    <LookupMail language={language} name={latest.name} pledges={listed} frame={frame} />,
    { language },
  );
}
