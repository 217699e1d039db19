/**
 * The donor's mails: how to transfer (at once), a reminder before the reference expires, and a
 * receipt for each gift. Each is queued in the transaction of the change that causes it, in the
 * language of the page the pledge was made on. They carry what the pledge page shows and nothing
 * else: never the donor's phone number nor a staff note.
 */

import type { Kysely, Transaction } from 'kysely';
import { formatNaira } from '../../shared/format';
import { lagosClock } from '../../shared/lagos-time';
import { type Locale, type MessageKey, t } from '../../shared/messages';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { queueMail } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { Section, Text } from '../mail/templates/components';
import { ActionButton, COLORS, Greeting, MailLayout, Paragraph, styles } from '../mail/templates/layout';

type MailDeps = Pick<Deps, 'config' | 'now' | 'mailQueued' | 'publicData'>;
type Trx = Transaction<Database>;

export interface BankAccount {
  accountName: string;
  accountNumber: string;
  bankName: string;
}

/** A Lagos calendar day (YYYY-MM-DD) in words: '5 March 2026', '5 Maris, 2026'. */
export function mailDay(day: string, language: Locale): string {
  const [year, month, date] = day.split('-');
  const name = t(`date.month.long.${Number(month)}` as MessageKey, undefined, language);
  return language === 'en' ? `${Number(date)} ${name} ${year}` : `${Number(date)} ${name}, ${year}`;
}

/** An instant as Lagos reads it: its day and its time. */
function lagosMoment(instant: Date, language: Locale) {
  const wall = lagosClock(instant).toISOString();
  const date = mailDay(wall.slice(0, 10), language);
  return { date, when: t('mail.dateTime', { date, time: wall.slice(11, 16) }, language) };
}

/** The campaign's title in the donor's language, where it has one in Hausa. */
export const titleIn = (language: Locale, title: string, titleHa: string | undefined) =>
  language === 'ha' && titleHa?.trim() ? titleHa : title;

/** The frame read in the caller's transaction: PGlite's one connection is busy with it. */
const frameOf = (trx: Trx, deps: MailDeps) => mailFrame(deps, trx);

function Fact({ label, value, big }: { label: string; value: string; big?: boolean }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={big ? { ...styles.value, fontSize: '24px', letterSpacing: '2px' } : styles.value}>{value}</Text>
    </>
  );
}

interface PledgeFacts {
  language: Locale;
  name: string;
  reference: string;
  amount: string;
  campaign: string;
  pageUrl: string;
  frame: MailFrame;
}

function TransferBox({ facts, bank }: { facts: PledgeFacts; bank: BankAccount }) {
  const { language: l } = facts;
  return (
    <>
      <Section style={{ ...styles.box, border: `2px solid ${COLORS.green700}` }}>
        <Text style={{ ...styles.text, fontWeight: 700 }}>{t('mail.pledge.referenceTitle', undefined, l)}</Text>
        <Fact label={t('mail.fact.reference', undefined, l)} value={facts.reference} big />
        <Text style={styles.muted}>{t('mail.pledge.referenceHint', undefined, l)}</Text>
      </Section>
      <Section style={styles.box}>
        <Fact label={t('mail.fact.amount', undefined, l)} value={facts.amount} />
        <Fact label={t('mail.fact.accountName', undefined, l)} value={bank.accountName} />
        <Fact label={t('mail.fact.accountNumber', undefined, l)} value={bank.accountNumber} />
        <Fact label={t('mail.fact.bank', undefined, l)} value={bank.bankName} />
      </Section>
    </>
  );
}

function PledgeInstructionsMail({ facts, bank, when }: { facts: PledgeFacts; bank: BankAccount; when: string }) {
  const { language: l } = facts;
  return (
    <MailLayout
      language={l}
      preview={t('mail.pledge.preview', { amount: facts.amount, reference: facts.reference }, l)}
      {...facts.frame}
    >
      <Greeting name={facts.name} language={l} />
      <Paragraph>{t('mail.pledge.intro', { amount: facts.amount, campaign: facts.campaign }, l)}</Paragraph>
      <TransferBox facts={facts} bank={bank} />
      <Paragraph>{t('mail.pledge.expires', { when }, l)}</Paragraph>
      <Paragraph>{t('mail.pledge.pageHint', undefined, l)}</Paragraph>
      <ActionButton href={facts.pageUrl}>{t('mail.pledge.pageLink', undefined, l)}</ActionButton>
    </MailLayout>
  );
}

function PledgeReminderMail({ facts, bank, when }: { facts: PledgeFacts; bank: BankAccount; when: string }) {
  const { language: l } = facts;
  return (
    <MailLayout language={l} preview={t('mail.reminder.preview', { amount: facts.amount }, l)} {...facts.frame}>
      <Greeting name={facts.name} language={l} />
      <Paragraph>{t('mail.reminder.intro', { amount: facts.amount, campaign: facts.campaign, when }, l)}</Paragraph>
      <TransferBox facts={facts} bank={bank} />
      <Paragraph>{t('mail.reminder.already', undefined, l)}</Paragraph>
      <ActionButton href={facts.pageUrl}>{t('mail.pledge.pageLink', undefined, l)}</ActionButton>
    </MailLayout>
  );
}

function GiftReceiptMail({ facts, receiptNumber, day }: { facts: PledgeFacts; receiptNumber: string; day: string }) {
  const { language: l } = facts;
  return (
    <MailLayout
      language={l}
      preview={t('mail.receipt.preview', { amount: facts.amount, campaign: facts.campaign }, l)}
      {...facts.frame}
    >
      <Greeting name={facts.name} language={l} />
      <Paragraph>{t('mail.receipt.intro', { amount: facts.amount, campaign: facts.campaign }, l)}</Paragraph>
      <Section style={styles.box}>
        <Fact label={t('mail.fact.receiptNumber', undefined, l)} value={receiptNumber} />
        <Fact label={t('mail.fact.amount', undefined, l)} value={facts.amount} />
        <Fact label={t('mail.fact.campaign', undefined, l)} value={facts.campaign} />
        <Fact label={t('mail.fact.receivedOn', undefined, l)} value={day} />
        <Fact label={t('mail.fact.reference', undefined, l)} value={facts.reference} />
      </Section>
      <Paragraph>{t('mail.receipt.attached', undefined, l)}</Paragraph>
      <ActionButton href={facts.pageUrl}>{t('mail.receipt.pageLink', undefined, l)}</ActionButton>
    </MailLayout>
  );
}

type PledgeForMail = Pick<Row<'pledges'>, 'reference' | 'name' | 'email' | 'language' | 'amount' | 'expiresAt'>;

async function factsOf(trx: Trx, deps: MailDeps, pledge: PledgeForMail, campaign: string): Promise<PledgeFacts> {
  return {
    language: pledge.language,
    name: pledge.name,
    reference: pledge.reference,
    amount: formatNaira(pledge.amount),
    campaign,
    pageUrl: siteLink(deps.config, `/pledge/${pledge.reference}`, pledge.language),
    frame: await frameOf(trx, deps),
  };
}

/** How to transfer, queued with a new pledge that has an email. */
export async function queuePledgeInstructions(
  trx: Trx,
  deps: MailDeps,
  pledge: PledgeForMail & { id: string },
  campaign: { title: string; titleHa?: string | undefined },
  bank: BankAccount,
): Promise<void> {
  if (!pledge.email) return;
  const l = pledge.language;
  const facts = await factsOf(trx, deps, pledge, titleIn(l, campaign.title, campaign.titleHa));
  await queueMail(trx, deps, {
    kind: 'pledge.instructions',
    to: pledge.email,
    language: l,
    subject: t('mail.pledge.subject', { reference: pledge.reference, amount: facts.amount }, l),
    body: <PledgeInstructionsMail facts={facts} bank={bank} when={lagosMoment(pledge.expiresAt, l).when} />,
    dedupeKey: `pledge.instructions:${pledge.id}`,
  });
}

/** The reminder before expiry, for a pledge the caller has just claimed (reminders.ts). */
export async function queuePledgeReminder(
  trx: Trx,
  deps: MailDeps,
  pledge: PledgeForMail & { id: string },
  campaign: { title: string; titleHa?: string | undefined },
  bank: BankAccount,
): Promise<void> {
  if (!pledge.email) return;
  const l = pledge.language;
  const facts = await factsOf(trx, deps, pledge, titleIn(l, campaign.title, campaign.titleHa));
  const expiry = lagosMoment(pledge.expiresAt, l);
  await queueMail(trx, deps, {
    kind: 'pledge.reminder',
    to: pledge.email,
    language: l,
    subject: t('mail.reminder.subject', { reference: pledge.reference, date: expiry.date }, l),
    body: <PledgeReminderMail facts={facts} bank={bank} when={expiry.when} />,
    // One per expiry: a pledge reopened for a new period is reminded again.
    dedupeKey: `pledge.reminder:${pledge.id}:${pledge.expiresAt.toISOString()}`,
  });
}

/**
 * The receipt of a gift just recorded for a pledge with an email (or paid online from an address),
 * as its page shows it.
 *
 * One receipt per payment, whatever happens to its gift record: reversing a gift keeps its row
 * (reversed_at set) and confirming again records a new row with a new receipt number, so neither
 * the gift's id nor its receipt number names the payment. What does:
 * - a payment seen on a bank statement is its statement line, which can be reopened and matched
 *   again but stays the same line: `gift.receipt:<pledge>:line:<line id>`;
 * - a payment staff confirm by hand is its place among the pledge's counting gifts. Reopening the
 *   pledge reverses all of them, so confirming again starts from the first place again and finds
 *   the key of the receipt already sent; a further part payment takes the next place:
 *   `gift.receipt:<pledge>:<place>`.
 */
export async function queueGiftReceipt(
  trx: Trx,
  deps: MailDeps,
  gift: {
    pledgeId: string;
    statementLineId: string | null;
    amount: number;
    receivedOn: string;
    receiptNumber: string;
    /** Where it goes when the pledge has no email: the address that paid this gift online. */
    receiptTo?: string | undefined;
  },
): Promise<void> {
  const pledge = await trx
    .selectFrom('pledges')
    .leftJoin('campaigns', 'campaigns.id', 'pledges.campaignId')
    .select([
      'pledges.id',
      'pledges.reference',
      'pledges.name',
      'pledges.email',
      'pledges.language',
      'pledges.expiresAt',
      'pledges.campaignTitle',
      'campaigns.titleHa',
    ])
    .where('pledges.id', '=', gift.pledgeId)
    .executeTakeFirst();
  const to = pledge?.email ?? gift.receiptTo;
  if (!pledge || !to) return;
  let payment = `line:${gift.statementLineId}`;
  if (!gift.statementLineId) {
    const { n } = await trx
      .selectFrom('gifts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('pledgeId', '=', gift.pledgeId)
      .where('statementLineId', 'is', null)
      .where('reversedAt', 'is', null)
      .executeTakeFirstOrThrow();
    payment = String(Number(n));
  }
  const l = pledge.language;
  const facts = await factsOf(
    trx,
    deps,
    { ...pledge, amount: gift.amount },
    titleIn(l, pledge.campaignTitle, pledge.titleHa ?? undefined),
  );
  await queueMail(trx, deps, {
    kind: 'gift.receipt',
    to,
    language: l,
    subject: t('mail.receipt.subject', { number: gift.receiptNumber }, l),
    body: <GiftReceiptMail facts={facts} receiptNumber={gift.receiptNumber} day={mailDay(gift.receivedOn, l)} />,
    dedupeKey: `gift.receipt:${gift.pledgeId}:${payment}`,
    // The PDF receipt of this gift, made as the mail leaves (server/mail/attachments.ts).
    attachment: `gift-receipt:${gift.receiptNumber}`,
  });
}

/**
 * Takes back the receipts of reversed gifts that have not left yet (still queued: the mail server
 * may have been down), so a donor is never thanked for a payment taken back. Their keys are then
 * free: confirming the payment again queues a receipt with its new number.
 */
export async function withdrawReceipts(
  trx: Kysely<Database>,
  gifts: { pledgeId: string | null; statementLineId: string | null }[],
): Promise<void> {
  for (const gift of gifts) {
    if (!gift.pledgeId) continue;
    const key = `gift.receipt:${gift.pledgeId}:${gift.statementLineId ? `line:${gift.statementLineId}` : ''}`;
    await trx
      .deleteFrom('mail_outbox')
      .where('status', '=', 'queued')
      .where('kind', '=', 'gift.receipt')
      .where((eb) =>
        gift.statementLineId
          ? eb('dedupeKey', '=', key)
          : eb('dedupeKey', 'like', `${key.replace(/[\\%_]/g, '\\$&')}%`),
      )
      .execute();
  }
}
