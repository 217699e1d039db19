/**
 * Bank statements: staff upload the bank's export; its credit lines are stored once each (by
 * fingerprint, so the same or an overlapping statement adds nothing), matched to pledges
 * (server/giving/matcher.ts), then confirmed in one action or decided one by one. A line pays
 * at most one counting gift: its status changes under a row lock and a unique index backs it,
 * so two staff confirming the same line at once record it once. Paystack paying out online
 * gifts is recognised as a settlement (server/payments/settlements.ts): it records no gift.
 */
import { sql, type Transaction } from 'kysely';
import { lagosToday } from '../../shared/lagos-time';
import { t } from '../../shared/messages';
import type { LineDecision } from '../../shared/schemas/giving';
import { alertUnmatchedCredits } from '../alerts/immediate';
import { type Actor, audit } from '../audit/audit';
import { getCampaign } from '../campaigns/service';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { isSettlement, linkSettlement, unlinkSettlement } from '../payments/settlements';
import { GENERAL_FUND_TITLE, type GiftDeps, recordGift, reverseGifts } from './gifts';
import { type Match, matchCredit, shiftDay } from './matcher';
import { normaliseReference } from './reference';
import { type ColumnMapping, type ParsedStatement, StatementError } from './statement-file';
import { readStatementOffThread } from './statement-reader';

export interface ImportSummary {
  statementId: string;
  lines: number;
  credits: number;
  duplicates: number;
  matches: { sure: number; likely: number };
  /** New lines that are Paystack paying out online gifts: neither matched nor unmatched. */
  settlements: number;
  unmatched: number;
  debits: number;
  problems: { row: number; message: string }[];
}

/** The mapping staff chose for this header before, if any. */
async function rememberedMapping(db: DB, headerKey: string): Promise<ColumnMapping | undefined> {
  const row = await db
    .selectFrom('statement_mappings')
    .select('mapping')
    .where('headerKey', '=', headerKey)
    .executeTakeFirst();
  return row?.mapping as ColumnMapping | undefined;
}

/**
 * Reads the file, then stores its new credit lines with their matches, in one transaction.
 * A file that cannot be read stores nothing (400 with why; `header` lists the columns to map).
 */
export async function importStatement(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'mailQueued' | 'publicData'>,
  file: { data: Buffer; filename: string },
  mapping: ColumnMapping | undefined,
  actor: Actor,
): Promise<ImportSummary> {
  let parsed: ParsedStatement;
  try {
    parsed = await readWithMemory(deps.db, file, mapping);
  } catch (error) {
    // Told in the request's language: the worker that read the file only names the message.
    if (error instanceof StatementError) throw new StatementRefusal(t(error.key, error.vars), error.header);
    throw error;
  }
  if (parsed.credits.length === 0 && parsed.problems.length === 0 && parsed.debits === 0)
    throw new ValidationError(t('statements.empty'));
  const statementId = newId(deps.now().getTime());
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bank_statements')
      .values({
        id: statementId,
        filename: file.filename.slice(0, 200),
        uploadedById: actor.id,
        uploadedBy: actor.name,
        rows: parsed.rows,
        credits: parsed.credits.length,
        duplicates: 0,
        debits: parsed.debits,
        problems: JSON.stringify(parsed.problems),
      })
      .execute();
    if (mapping) {
      await trx
        .insertInto('statement_mappings')
        .values({ headerKey: parsed.headerKey, mapping: JSON.stringify(parsed.mapping), updatedAt: deps.now() })
        .onConflict((oc) =>
          oc.column('headerKey').doUpdateSet({ mapping: JSON.stringify(parsed.mapping), updatedAt: deps.now() }),
        )
        .execute();
    }
    let duplicates = 0;
    const matches = { sure: 0, likely: 0 };
    const settlements: { id: string; date: string; amountKobo: number; row: number }[] = [];
    for (const line of parsed.credits) {
      let match: Match | null = await matchCredit(trx, line);
      const settlement = isSettlement(line.narration, match?.kind === 'sure');
      if (settlement) match = null;
      const id = newId();
      const inserted = await trx
        .insertInto('statement_lines')
        .values({
          id,
          statementId,
          fingerprint: line.fingerprint,
          row: line.row,
          date: line.date,
          narration: line.narration,
          amountKobo: line.amountKobo,
          bankReference: line.reference,
          balanceKobo: line.balanceKobo,
          matchKind: match?.kind ?? null,
          pledgeId: match?.pledgeId ?? null,
          ...(settlement ? { status: 'settlement' as const } : {}),
          updatedAt: deps.now(),
        })
        // Seen before, in this file or an earlier one: stored once.
        .onConflict((oc) => oc.column('fingerprint').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) duplicates++;
      else if (settlement) settlements.push({ id, date: line.date, amountKobo: line.amountKobo, row: line.row });
      else if (match) matches[match.kind]++;
    }
    // The earlier payout first, whatever the file's order: each takes the oldest gifts it fits.
    settlements.sort((a, b) => a.date.localeCompare(b.date) || a.row - b.row);
    for (const settlement of settlements) await linkSettlement(trx, settlement);
    const fresh = parsed.credits.length - duplicates;
    await trx.updateTable('bank_statements').set({ duplicates }).where('id', '=', statementId).execute();
    await audit(
      trx,
      actor,
      'statement.imported',
      statementId,
      `${file.filename.slice(0, 100)}: ${fresh} new credits, ${duplicates} seen before, ${matches.sure} sure, ${matches.likely} likely, ${settlements.length} Paystack settlements`,
    );
    const unmatched = fresh - matches.sure - matches.likely - settlements.length;
    await alertUnmatchedCredits(trx, deps, { id: statementId, filename: file.filename.slice(0, 200), unmatched });
    return {
      statementId,
      lines: parsed.rows,
      credits: parsed.credits.length,
      duplicates,
      matches,
      settlements: settlements.length,
      unmatched,
      debits: parsed.debits,
      problems: parsed.problems,
    };
  });
}

/** With the mapping given, or the one remembered for this header, or recognised columns. */
async function readWithMemory(db: DB, file: { data: Buffer; filename: string }, mapping: ColumnMapping | undefined) {
  if (mapping) return readStatementOffThread(file.data, mapping);
  try {
    return await readStatementOffThread(file.data);
  } catch (error) {
    if (!(error instanceof StatementError) || !error.header) throw error;
    const key = error.header.map((cell) => cell.trim().toLowerCase()).join('|');
    const remembered = await rememberedMapping(db, key);
    if (!remembered) throw error;
    return readStatementOffThread(file.data, remembered);
  }
}

/** A statement refused: 400 with why, and the header's cells when staff should map the columns. */
export class StatementRefusal extends ValidationError {
  constructor(
    message: string,
    readonly header?: string[],
  ) {
    super(message);
  }
}

/** A credit in whole naira (gifts and totals count naira; a bank may credit kobo). */
const nairaOf = (kobo: number) => Math.round(kobo / 100);

export interface StatementLineView {
  id: string;
  statementId: string;
  row: number;
  date: string;
  narration: string;
  amount: number;
  amountKobo: number;
  bankReference: string | null;
  kind: 'sure' | 'likely' | null;
  status: 'open' | 'confirmed' | 'not_donation' | 'settlement';
  pledge: { id: string; reference: string; name: string; amount: number; campaignTitle: string } | null;
  gift: { receiptNumber: string; campaignTitle: string } | null;
  /** The online gifts a settlement paid out (0 for other lines). */
  settledGifts: number;
}

const lineColumns = (db: DB) =>
  db
    .selectFrom('statement_lines as l')
    .leftJoin('pledges as p', 'p.id', 'l.pledgeId')
    .leftJoin('gifts as g', (join) => join.onRef('g.statementLineId', '=', 'l.id').on('g.reversedAt', 'is', null))
    .select([
      'l.id',
      'l.row',
      sql<string>`l.date::text`.as('date'),
      'l.narration',
      'l.amountKobo',
      'l.bankReference',
      'l.matchKind',
      'l.status',
      'l.statementId',
      'p.id as pledgeId',
      'p.reference as pledgeReference',
      'p.name as pledgeName',
      'p.amount as pledgeAmount',
      'p.campaignTitle as pledgeCampaign',
      'g.receiptNumber',
      'g.campaignTitle as giftCampaign',
      'g.generalFund as giftGeneralFund',
      sql<number>`(select count(*) from gifts s where s.settlement_line_id = l.id)::int`.as('settledGifts'),
    ]);

type LineRow = Awaited<ReturnType<ReturnType<typeof lineColumns>['execute']>>[number];

const toLineView = (r: LineRow): StatementLineView => ({
  id: r.id,
  statementId: r.statementId,
  row: r.row,
  date: r.date,
  narration: r.narration,
  amount: nairaOf(Number(r.amountKobo)),
  amountKobo: Number(r.amountKobo),
  bankReference: r.bankReference,
  kind: r.matchKind,
  status: r.status,
  pledge: r.pledgeId
    ? {
        id: r.pledgeId,
        reference: r.pledgeReference!,
        name: r.pledgeName!,
        amount: Number(r.pledgeAmount),
        campaignTitle: r.pledgeCampaign!,
      }
    : null,
  gift: r.receiptNumber
    ? {
        receiptNumber: r.receiptNumber,
        // Stored as a fixed English title (the CSV's), told in the reader's language.
        campaignTitle: r.giftGeneralFund ? t('giving.generalFund') : r.giftCampaign!,
      }
    : null,
  settledGifts: Number(r.settledGifts),
});

/** GET /api/statements/{id}/lines: every credit line the statement brought, in file order, with its match. */
export async function statementLines(deps: Pick<Deps, 'db'>, statementId: string): Promise<StatementLineView[]> {
  const statement = isId(statementId)
    ? await deps.db.selectFrom('bank_statements').select('id').where('id', '=', statementId).executeTakeFirst()
    : undefined;
  if (!statement) throw new NotFoundError(t('statements.notFound'));
  const rows = await lineColumns(deps.db).where('l.statementId', '=', statementId).orderBy('l.row').execute();
  return rows.map(toLineView);
}

/** How far back the reconciliation list shows Paystack's settlements, for one recognised wrongly to be taken back. */
const SETTLEMENTS_SHOWN_DAYS = 62;

/**
 * The Donations page's reconciliation list: the open lines of every statement, waiting for a
 * decision, then the recent Paystack settlements (status 'settlement'; nothing to decide, shown
 * apart so staff see what paid out the online gifts).
 */
export async function openLines(deps: Pick<Deps, 'db' | 'now'>): Promise<StatementLineView[]> {
  const open = await lineColumns(deps.db)
    .where('l.status', '=', 'open')
    .orderBy('l.date', 'desc')
    .orderBy('l.row')
    .limit(500)
    .execute();
  const settlements = await lineColumns(deps.db)
    .where('l.status', '=', 'settlement')
    .where('l.date', '>=', shiftDay(lagosToday(deps.now()), -SETTLEMENTS_SHOWN_DAYS))
    .orderBy('l.date', 'desc')
    .orderBy('l.row')
    .limit(100)
    .execute();
  return [...open, ...settlements].map(toLineView);
}

/** The statements imported, newest first. */
export async function listStatements(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .selectFrom('bank_statements')
    .select(['id', 'filename', 'uploadedBy', 'rows', 'credits', 'duplicates', 'debits', 'problems', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Locks an open line for a decision; null when it is not open any more (decided by someone else). */
async function lockOpenLine(trx: DB, lineId: string) {
  return trx
    .selectFrom('statement_lines')
    .selectAll()
    .select(sql<string>`date::text`.as('day'))
    .where('id', '=', lineId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

type LockedLine = NonNullable<Awaited<ReturnType<typeof lockOpenLine>>>;

/** A pledge's id from its id or its payment reference (any spelling); null when neither names one. */
async function pledgeIdOf(trx: DB, idOrReference: string): Promise<string | null> {
  if (isId(idOrReference)) return idOrReference;
  const reference = normaliseReference(idOrReference);
  if (!reference) return null;
  const row = await trx.selectFrom('pledges').select('id').where('reference', '=', reference).executeTakeFirst();
  return row?.id ?? null;
}

/** Records the line's money as a gift to its pledge's campaign. */
async function giftFromPledge(
  trx: Transaction<Database>,
  deps: GiftDeps,
  line: LockedLine,
  pledgeId: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  if (nairaOf(line.amountKobo) < 1) return false;
  const pledge = await trx.selectFrom('pledges').selectAll().where('id', '=', pledgeId).forUpdate().executeTakeFirst();
  if (!pledge || pledge.status === 'cancelled' || !pledge.campaignId) return false;
  await recordGift(
    trx,
    {
      campaignId: pledge.campaignId,
      campaignTitle: pledge.campaignTitle,
      pledgeId,
      statementLineId: line.id,
      amount: nairaOf(line.amountKobo),
      receivedOn: line.day,
      name: pledge.name,
      anonymous: pledge.anonymous,
      hideAmount: pledge.hideAmount,
    },
    actor,
    now,
    deps,
  );
  await trx.updateTable('pledges').set({ status: 'confirmed', updatedAt: now }).where('id', '=', pledgeId).execute();
  await trx
    .updateTable('statement_lines')
    .set({ status: 'confirmed', pledgeId, updatedAt: now })
    .where('id', '=', line.id)
    .execute();
  return true;
}

/**
 * POST /api/statements/{id}/confirm: accepts the suggested matches of these lines. Lines of
 * another statement, without a match, or already decided are skipped and counted.
 */
export async function confirmLines(
  deps: Pick<Deps, 'db' | 'publicDataVersion'> & GiftDeps,
  statementId: string,
  lineIds: string[],
  actor: Actor,
): Promise<{ message: string; confirmed: number; skipped: number }> {
  await statementLines(deps, statementId);
  let confirmed = 0;
  for (const lineId of lineIds.filter(isId)) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const line = await lockOpenLine(trx, lineId);
      if (!line || line.statementId !== statementId || !line.pledgeId) return false;
      return giftFromPledge(trx, deps, line, line.pledgeId, actor, deps.now());
    });
    if (done) confirmed++;
  }
  if (confirmed > 0) await deps.publicDataVersion.settle();
  return { message: t('statements.confirmed', { count: confirmed }), confirmed, skipped: lineIds.length - confirmed };
}

/**
 * PUT /api/statement-lines/{id}: a decision about one line. Assigning to a campaign records a gift
 * without a pledge; to a pledge (named by its id or its reference), a gift to it; 'generalFund', a
 * gift to the foundation's general fund, which has no campaign and moves no campaign's total;
 * 'notDonation' sets it aside; 'settlement' marks it as Paystack paying out online gifts (linked
 * as on import); 'open' takes back a decision, and the gift it made or the gifts it settled.
 */
export async function decideLine(deps: Deps, lineId: string, decision: LineDecision, actor: Actor) {
  if (!isId(lineId)) throw new NotFoundError(t('statements.lineNotFound'));
  const campaign = decision.action === 'gift' ? await getCampaign(deps, decision.campaignId) : undefined;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('statement_lines')
      .select(['id', 'status', 'narration'])
      .where('id', '=', lineId)
      .forUpdate()
      .executeTakeFirst();
    if (!exists) throw new NotFoundError(t('statements.lineNotFound'));
    if (decision.action === 'open') {
      if (exists.status === 'open') return;
      // A settlement recorded no gift: its gifts only stop being settled.
      if (exists.status === 'settlement') await unlinkSettlement(trx, lineId);
      else await reverseGifts(trx, { statementLineId: lineId }, actor, now);
      await trx
        .updateTable('statement_lines')
        .set({ status: 'open', updatedAt: now })
        .where('id', '=', lineId)
        .execute();
      await audit(trx, actor, 'statement.line', lineId, `reopened: ${exists.narration.slice(0, 80)}`);
      return;
    }
    const line = await lockOpenLine(trx, lineId);
    if (!line) throw new ConflictError(t('statements.lineDecided'));
    if (decision.action === 'notDonation') {
      await trx
        .updateTable('statement_lines')
        .set({ status: 'not_donation', updatedAt: now })
        .where('id', '=', lineId)
        .execute();
      await audit(trx, actor, 'statement.line', lineId, `not a donation: ${line.narration.slice(0, 80)}`);
    } else if (decision.action === 'settlement') {
      // Not a pledge's money: the suggestion goes with the decision.
      await trx
        .updateTable('statement_lines')
        .set({ status: 'settlement', matchKind: null, pledgeId: null, updatedAt: now })
        .where('id', '=', lineId)
        .execute();
      const linked = await linkSettlement(trx, { id: lineId, date: line.day, amountKobo: line.amountKobo });
      await audit(
        trx,
        actor,
        'statement.line',
        lineId,
        `Paystack settlement of ${linked} gifts: ${line.narration.slice(0, 80)}`,
      );
    } else if (decision.action === 'pledge') {
      const pledgeId = await pledgeIdOf(trx, decision.pledgeId);
      if (!pledgeId || !(await giftFromPledge(trx, deps, line, pledgeId, actor, now)))
        throw new NotFoundError(t('pledge.notFound'));
    } else {
      // A gift without a pledge: to the chosen campaign, or to the general fund, which has none.
      const to =
        decision.action === 'generalFund'
          ? { campaignId: null, campaignTitle: GENERAL_FUND_TITLE, generalFund: true }
          : { campaignId: campaign!._id, campaignTitle: campaign!.title };
      if (nairaOf(line.amountKobo) < 1) throw new ConflictError(t('statements.tooSmall'));
      await recordGift(
        trx,
        {
          ...to,
          pledgeId: null,
          statementLineId: lineId,
          amount: nairaOf(line.amountKobo),
          receivedOn: line.day,
          name: decision.name,
          anonymous: decision.name === '',
          hideAmount: false,
        },
        actor,
        now,
        deps,
      );
      await trx
        .updateTable('statement_lines')
        .set({ status: 'confirmed', updatedAt: now })
        .where('id', '=', lineId)
        .execute();
    }
  });
  await deps.publicDataVersion.settle();
  const [view] = (await lineColumns(deps.db).where('l.id', '=', lineId).execute()).map(toLineView);
  return { message: t('statements.lineSaved'), data: view! };
}
