/**
 * CSV export of gifts (to campaigns, and to the general fund: "General fund" in the Campaign
 * column), as Excel opens it (lib/csv: byte-order mark, formulas neutralised), read a
 * page at a time. Audited.
 */
import { once } from 'node:events';
import { sql } from 'kysely';
import { type Actor, audit } from '../audit/audit';
import type { Deps } from '../deps';
import { csvStream, safeCell } from '../lib/csv';
import { GENERAL_FUND_TITLE } from './gifts';

const BATCH = 500;
const COLUMNS = [
  'Receipt number',
  'Received on',
  'Amount (NGN)',
  'Campaign',
  'Name',
  'Anonymous',
  'Amount hidden',
  'Payment reference',
  'Statement narration',
  'Confirmed by',
  'Confirmed at',
  'Reversed at',
  'Reversed by',
  // Online gifts only: how it was paid, the provider's fee, what reaches the bank, why to look at it.
  'Channel',
  'Fee (NGN)',
  'Net (NGN)',
  'Review',
];

/** Kobo (never negative) as naira with two decimals, from whole numbers so no float rounding shows: 12345 → "123.45". */
const nairaWithKobo = (kobo: number | null) =>
  kobo === null ? '' : `${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

export const giftsCsvFilename = (now: Date) => `gifts-${now.toISOString().slice(0, 10)}.csv`;

async function* giftRows(deps: Pick<Deps, 'db'>) {
  let before: { createdAt: Date; id: string } | null = null;
  for (;;) {
    let query = deps.db
      .selectFrom('gifts as g')
      .leftJoin('pledges as p', 'p.id', 'g.pledgeId')
      .leftJoin('statement_lines as l', 'l.id', 'g.statementLineId')
      .select([
        'g.id',
        'g.createdAt',
        'g.receiptNumber',
        sql<string>`g.received_on::text`.as('receivedOn'),
        'g.amount',
        'g.campaignTitle',
        'g.generalFund',
        'g.name',
        'g.anonymous',
        'g.hideAmount',
        'p.reference',
        'l.narration',
        'g.confirmedBy',
        'g.reversedAt',
        'g.reversedBy',
        'g.channel',
        'g.feeKobo',
        'g.netKobo',
        'g.review',
      ])
      .orderBy('g.createdAt', 'desc')
      .orderBy('g.id', 'desc')
      .limit(BATCH);
    if (before) {
      const { createdAt, id } = before;
      query = query.where(sql<boolean>`(g.created_at, g.id) < (${createdAt}, ${id}::uuid)`);
    }
    const rows = await query.execute();
    for (const r of rows) {
      yield [
        r.receiptNumber,
        r.receivedOn,
        String(r.amount),
        // The general fund is named as such, apart from any campaign's title.
        r.generalFund ? GENERAL_FUND_TITLE : r.campaignTitle,
        r.name,
        r.anonymous ? 'yes' : 'no',
        r.hideAmount ? 'yes' : 'no',
        r.reference ?? '',
        r.narration ?? '',
        r.confirmedBy,
        r.createdAt.toISOString(),
        r.reversedAt?.toISOString() ?? '',
        r.reversedBy ?? '',
        r.channel ?? '',
        nairaWithKobo(r.feeKobo === null ? null : Number(r.feeKobo)),
        nairaWithKobo(r.netKobo === null ? null : Number(r.netKobo)),
        r.review ?? '',
      ].map((cell) => safeCell(cell));
    }
    if (rows.length < BATCH) return;
    const last = rows.at(-1)!;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

/** The CSV as a stream of text; the export is audited with its row count once written. */
export function giftsCsv(deps: Pick<Deps, 'db'>, actor: Actor): NodeJS.ReadableStream {
  const csv = csvStream();
  void (async () => {
    let count = 0;
    try {
      csv.write(COLUMNS);
      for await (const row of giftRows(deps)) {
        // The reader went away: stop reading.
        if (csv.destroyed) return;
        count++;
        // Wait while the reader is behind, so a large export never piles up in memory.
        if (!csv.write(row)) await once(csv, 'drain');
      }
      await audit(deps.db, actor, 'gift.exported', null, `${count} gifts`);
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}

/** The whole CSV as one string: the tRPC twin's answer. */
export async function giftsCsvText(deps: Pick<Deps, 'db' | 'now'>, actor: Actor) {
  let text = '';
  for await (const chunk of giftsCsv(deps, actor)) text += chunk.toString();
  return { filename: giftsCsvFilename(deps.now()), csv: text };
}
