/**
 * Pledges: a donor's promise to transfer, with the payment reference that links the transfer to
 * the campaign. Donors create them and read their page by reference; finance staff list them and
 * confirm, cancel or reopen them. A pending pledge past its expiry reads as expired.
 */
import { sql } from 'kysely';
import { formatNaira } from '../../shared/format';
import { lagosToday } from '../../shared/lagos-time';
import { getLocale, t } from '../../shared/messages';
import type { PledgeInput, PledgeListQuery, PledgeStatus, PledgeUpdate } from '../../shared/schemas/giving';
import { pledgeInput } from '../../shared/schemas/giving';
import { PAGE_SIZE } from '../../shared/schemas/pages';
import { alertNewPledge } from '../alerts/pledge-bursts';
import { type Actor, audit } from '../audit/audit';
import { getCampaign } from '../campaigns/service';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Row } from '../db/schema';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError } from '../errors';
import { reserveMailbox } from '../mail/mailbox';
import { checkPledgePayments, paymentStateOf } from '../payments/service';
import { getSettings, publicSettings } from '../settings/service';
import { recordGift, reverseGifts } from './gifts';
import { queuePledgeInstructions } from './mails';
import { effectiveStatus } from './pledge-status';
import { newReference, normaliseReference } from './reference';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What anyone with the reference may read: never the donor's name, phone or email. */
export interface PublicPledge {
  reference: string;
  campaignId: string | null;
  campaignTitle: string;
  amount: number;
  status: PledgeStatus;
  createdAt: string;
  expiresAt: string;
  receivedAmount?: number;
  receivedOn?: string;
  /** A payment received was made online. */
  paidOnline: boolean;
}

/** What finance staff see of a pledge. */
export interface StaffPledge extends PublicPledge {
  id: string;
  name: string;
  anonymous: boolean;
  hideAmount: boolean;
  phone: string | null;
  email: string | null;
  receivedAmount: number;
  outstanding: number;
  /** Its counting online payment: how it was paid, the provider's fee and the net. */
  online: OnlinePayment | null;
}

interface OnlinePayment {
  channel: string;
  grossKobo: number;
  feeKobo: number;
  netKobo: number;
  review: string | null;
}

interface Received {
  amount: number;
  on: string;
  online: boolean;
}

type PledgeRow = Row<'pledges'>;

/** Per pledge: what its counting gifts add up to, the day of the latest, and whether one was online. */
async function receivedOf(db: DB, pledgeIds: string[]): Promise<Map<string, Received>> {
  const received = new Map<string, Received>();
  if (pledgeIds.length === 0) return received;
  const rows = await db
    .selectFrom('gifts')
    .select([
      'pledgeId',
      sql<number>`sum(amount)`.as('amount'),
      sql<string>`max(received_on)::text`.as('on'),
      sql<boolean>`bool_or(provider is not null)`.as('online'),
    ])
    .where('pledgeId', 'in', pledgeIds)
    .where('reversedAt', 'is', null)
    .groupBy('pledgeId')
    .execute();
  for (const row of rows) received.set(row.pledgeId!, { amount: Number(row.amount), on: row.on, online: row.online });
  return received;
}

/**
 * Per pledge: its latest counting online payment, for finance, with every flag of its counting
 * online payments (a second payment's overpayment shows beside the first's, never in its place).
 */
async function onlinePaymentsOf(db: DB, pledgeIds: string[]): Promise<Map<string, OnlinePayment>> {
  const payments = new Map<string, OnlinePayment>();
  if (pledgeIds.length === 0) return payments;
  const rows = await db
    .selectFrom('gifts')
    .select(['pledgeId', 'channel', 'grossKobo', 'feeKobo', 'netKobo', 'review'])
    .where('pledgeId', 'in', pledgeIds)
    .where('provider', 'is not', null)
    .where('reversedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
  for (const row of rows) {
    const flags = [payments.get(row.pledgeId!)?.review, row.review].filter((why) => why);
    payments.set(row.pledgeId!, {
      channel: row.channel ?? 'online',
      grossKobo: Number(row.grossKobo ?? 0),
      feeKobo: Number(row.feeKobo ?? 0),
      netKobo: Number(row.netKobo ?? 0),
      review: flags.length > 0 ? flags.join('; ') : null,
    });
  }
  return payments;
}

function toPublic(row: PledgeRow, received: Received | undefined, now: Date): PublicPledge {
  return {
    reference: row.reference,
    campaignId: row.campaignId,
    campaignTitle: row.campaignTitle,
    amount: row.amount,
    status: effectiveStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...(received ? { receivedAmount: received.amount, receivedOn: received.on } : {}),
    paidOnline: received?.online ?? false,
  };
}

function toStaff(
  row: PledgeRow,
  received: Received | undefined,
  online: OnlinePayment | undefined,
  now: Date,
): StaffPledge {
  const receivedAmount = received?.amount ?? 0;
  return {
    ...toPublic(row, received, now),
    id: row.id,
    name: row.name,
    anonymous: row.anonymous,
    hideAmount: row.hideAmount,
    phone: row.phone,
    email: row.email,
    receivedAmount,
    outstanding: Math.max(0, row.amount - receivedAmount),
    online: online ?? null,
  };
}

/** The bank account a pledge's transfer goes to: the campaign's own, or the foundation's. */
const bankOf = (campaign: { accountName: string; accountNumber: string; bankName: string }) => ({
  accountName: campaign.accountName,
  accountNumber: campaign.accountNumber,
  bankName: campaign.bankName,
});

/**
 * Makes a pledge with a fresh reference. The campaign must exist (404 otherwise).
 * A clash of references (about one in 27 billion per pair) is retried. A pledge whose mailbox has
 * had its share of instructions (server/mail/mailbox.ts) is made and answered all the same, with
 * no mail and no reminder to come: anyone can type any address.
 */
export async function createPledge(deps: Deps, raw: PledgeInput, actor: Actor) {
  const input = pledgeInput.parse(raw);
  if (!isId(input.campaignId)) throw new NotFoundError(t('campaigns.notFound'));
  const campaign = await getCampaign(deps, input.campaignId);
  const { pledgeExpiryDays } = await getSettings(deps);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + pledgeExpiryDays * DAY_MS);
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      await deps.db.transaction().execute(async (trx) => {
        const mailed = input.email !== '' && (await reserveMailbox(trx, 'pledge.instructions', input.email, now));
        const row = await trx
          .insertInto('pledges')
          .values({
            id: newId(now.getTime()),
            reference,
            campaignId: campaign._id,
            campaignTitle: campaign.title,
            amount: input.amount,
            name: input.name,
            anonymous: input.anonymous,
            hideAmount: input.hideAmount,
            phone: input.phone || null,
            email: input.email || null,
            createdAt: now,
            expiresAt,
            updatedAt: now,
            // The page's language: the donor's mails are written in it.
            language: getLocale(),
            mailWithheld: input.email !== '' && !mailed,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, actor, 'pledge.created', reference, `${formatNaira(input.amount)} → “${campaign.title}”`);
        if (mailed) await queuePledgeInstructions(trx, deps, row, campaign, bankOf(campaign));
        await alertNewPledge(trx, deps, row);
      });
      return {
        message: t('pledge.created'),
        data: {
          reference,
          amount: input.amount,
          campaignId: campaign._id,
          status: 'pending' as const,
          expiresAt: expiresAt.toISOString(),
          bank: bankOf(campaign),
        },
      };
    } catch (error) {
      if (attempt < 3 && /pledges_reference|unique/i.test(String((error as Error).message))) continue;
      throw error;
    }
  }
}

export async function findByReference(db: DB, reference: string): Promise<PledgeRow> {
  const canonical = normaliseReference(reference);
  const row = canonical
    ? await db.selectFrom('pledges').selectAll().where('reference', '=', canonical).executeTakeFirst()
    : undefined;
  if (!row) throw new NotFoundError(t('pledge.notFound'));
  return row;
}

/** GET /api/pledges/{reference}: the pledge as anyone with its reference may see it. */
export async function getPublicPledge(deps: Pick<Deps, 'db' | 'now'>, reference: string): Promise<PublicPledge> {
  const row = await findByReference(deps.db, reference);
  return toPublic(row, (await receivedOf(deps.db, [row.id])).get(row.id), deps.now());
}

/**
 * The donor's page: the pledge, where to transfer, the receipts of what was received, the
 * foundation, and how paying online stands. Coming back from Paystack lands here: its recent
 * attempts are checked with Paystack first, so a payment made shows as received at once.
 */
export async function pledgePage(deps: Deps, reference: string) {
  const row = await findByReference(deps.db, reference);
  await checkPledgePayments(deps, row.id);
  const pledge = toPublic(row, (await receivedOf(deps.db, [row.id])).get(row.id), deps.now());
  const current = await deps.db
    .selectFrom('pledges')
    .select(['status', 'email'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (row.status !== current.status) pledge.status = effectiveStatus({ ...row, status: current.status }, deps.now());
  const campaign = row.campaignId ? await getCampaign(deps, row.campaignId).catch(() => undefined) : undefined;
  const settings = await publicSettings(deps);
  const receipts = await deps.db
    .selectFrom('gifts')
    .select(['receiptNumber', 'amount', sql<string>`received_on::text`.as('receivedOn')])
    .where('pledgeId', '=', row.id)
    .where('reversedAt', 'is', null)
    .orderBy('receivedOn')
    .orderBy('receiptNumber')
    .execute();
  return {
    pledge,
    bank: campaign ? bankOf(campaign) : settings.bank,
    receipts,
    foundation: { ...settings.contact, cacRcNumber: settings.cacRcNumber },
    // The donor's name on the receipt: what the supporter wall shows once money arrives, so only
    // then, and never for an anonymous gift (anyone with the reference can open this page).
    donorName: receipts.length > 0 && !row.anonymous ? row.name : null,
    giving: settings.giving,
    // The campaign's address for sharing, on the configured public address (never the request's Host).
    campaignUrl: campaign ? new URL(`/campaign/${campaign._id}`, deps.config.publicUrl).href : null,
    payment: {
      available:
        settings.online.enabled && pledge.status === 'pending' && !pledge.receivedAmount && row.campaignId !== null,
      state: await paymentStateOf(deps, row.id, pledge.paidOnline),
      hasEmail: current.email !== null,
      fees: settings.online.fees,
    },
  };
}

/** GET /api/pledges and pledge.list: newest first, filtered by status, campaign or text. */
export async function listPledges(deps: Pick<Deps, 'db' | 'now'>, query: PledgeListQuery) {
  const limit = query.limit ?? PAGE_SIZE.default;
  const now = deps.now();
  let select = deps.db
    .selectFrom('pledges')
    .selectAll()
    .select(cursorOf('createdAt'))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.before) select = select.where(after('createdAt', query.before));
  if (query.campaignId)
    select = isId(query.campaignId)
      ? select.where('campaignId', '=', query.campaignId)
      : select.where(sql<boolean>`false`);
  if (query.status === 'expired') select = select.where('status', '=', 'pending').where('expiresAt', '<=', now);
  else if (query.status === 'pending') select = select.where('status', '=', 'pending').where('expiresAt', '>', now);
  else if (query.status) select = select.where('status', '=', query.status);
  if (query.q) {
    const reference = normaliseReference(query.q);
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([
        eb('name', 'ilike', like),
        eb('email', 'ilike', like),
        eb('phone', 'ilike', like),
        eb('reference', 'ilike', like),
        ...(reference ? [eb('reference', '=', reference)] : []),
      ]),
    );
  }
  const { rows, nextCursor } = pageOf(await select.execute(), limit);
  return { items: await staffViews(deps.db, rows, now), next: nextCursor };
}

/**
 * PUT /api/pledges/{id}: confirm a payment (all that is outstanding unless an amount is given),
 * reopen (takes back its gifts and starts a new expiry period), or cancel an unpaid pledge.
 * The pledge's row is locked, so two staff acting at once act one after the other.
 */
/** A pledge's id from what a client names it by: its id, or its payment reference (any spelling). */
async function pledgeIdOf(db: DB, idOrReference: string): Promise<string> {
  if (isId(idOrReference)) return idOrReference;
  return (await findByReference(db, idOrReference)).id;
}

/** PUT /api/pledges/{reference}: the pledge named by its reference, or by its id as before. */
export async function updatePledge(deps: Deps, idOrReference: string, change: PledgeUpdate, actor: Actor) {
  const id = await pledgeIdOf(deps.db, idOrReference);
  const now = deps.now();
  const { pledgeExpiryDays } = await getSettings(deps);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('pledges').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(t('pledge.notFound'));
    const received = (await receivedOf(trx, [id])).get(id)?.amount ?? 0;
    if (change.status === 'confirmed') {
      if (row.status === 'cancelled') throw new ConflictError(t('pledge.cancelledCannotConfirm'));
      if (!row.campaignId) throw new ConflictError(t('pledge.campaignGone'));
      const amount = change.amountReceived ?? row.amount - received;
      if (amount <= 0) throw new ConflictError(t('pledge.nothingOutstanding'));
      const receivedOn = change.receivedOn ?? lagosToday(now);
      if (receivedOn > lagosToday(now)) throw new ConflictError(t('pledge.receivedInFuture'));
      await recordGift(
        trx,
        {
          campaignId: row.campaignId,
          campaignTitle: row.campaignTitle,
          pledgeId: id,
          statementLineId: null,
          amount,
          receivedOn,
          name: row.name,
          anonymous: row.anonymous,
          hideAmount: row.hideAmount,
        },
        actor,
        now,
        deps,
      );
    } else if (change.status === 'pending') {
      await reverseGifts(trx, { pledgeId: id }, actor, now);
      // Lines that paid it are open again, to be matched or set aside anew.
      await trx
        .updateTable('statement_lines')
        .set({ status: 'open', updatedAt: now })
        .where('pledgeId', '=', id)
        .where('status', '=', 'confirmed')
        .execute();
    } else if (received > 0) {
      throw new ConflictError(t('pledge.paidCannotCancel'));
    }
    await trx
      .updateTable('pledges')
      .set({
        status: change.status,
        updatedAt: now,
        // Reopened for a new period: a new reminder before its new expiry.
        ...(change.status === 'pending'
          ? { expiresAt: new Date(now.getTime() + pledgeExpiryDays * DAY_MS), remindedAt: null }
          : {}),
      })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      actor,
      'pledge.updated',
      row.reference,
      `${row.reference} ${effectiveStatus(row, now)} → ${change.status}`,
    );
  });
  await deps.publicDataVersion.settle();
  const [pledge] = (await listPledgesById(deps, [id])) as [StaffPledge];
  return { message: t('pledge.updated'), data: pledge };
}

export async function listPledgesById(deps: Pick<Deps, 'db' | 'now'>, ids: string[]): Promise<StaffPledge[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db.selectFrom('pledges').selectAll().where('id', 'in', ids).execute();
  return staffViews(deps.db, rows, deps.now());
}

/** Pledges as finance sees them, with what each received and how. */
async function staffViews(db: DB, rows: PledgeRow[], now: Date): Promise<StaffPledge[]> {
  const ids = rows.map((r) => r.id);
  const [received, online] = await Promise.all([receivedOf(db, ids), onlinePaymentsOf(db, ids)]);
  return rows.map((row) => toStaff(row, received.get(row.id), online.get(row.id), now));
}
