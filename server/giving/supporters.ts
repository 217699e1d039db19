/**
 * The supporter wall of a campaign: its latest counting gifts, each as the donor chose to be
 * shown, and what its total holds from before the gift ledger (the opening amount and hand
 * adjustments), which no gift on the wall accounts for.
 */
import { sql } from 'kysely';
import { isId } from '../db/ids';
import type { Deps } from '../deps';

export interface Supporter {
  id: string;
  /** Null when the donor gave anonymously. */
  name: string | null;
  /** Null when the donor chose not to show it. */
  amount: number | null;
  receivedOn: string;
}

export interface Supporters {
  items: Supporter[];
  /** The campaign's total less its counting gifts: money recorded before online records, never below 0. */
  givenBefore: number;
}

export async function supportersOf(deps: Pick<Deps, 'db'>, campaignId: string, limit = 20): Promise<Supporters> {
  if (!isId(campaignId)) return { items: [], givenBefore: 0 };
  const [rows, before] = await Promise.all([
    deps.db
      .selectFrom('gifts')
      .select(['id', 'name', 'anonymous', 'hideAmount', 'amount', sql<string>`received_on::text`.as('receivedOn')])
      .where('campaignId', '=', campaignId)
      .where('reversedAt', 'is', null)
      .orderBy('receivedOn', 'desc')
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .execute(),
    // The same counting gifts as server/giving/totals.ts sums: what is left of the total came before them.
    sql<{ givenBefore: string }>`
      select greatest(c.amount_raised - coalesce(
               (select sum(g.amount) from gifts g where g.campaign_id = c.id and g.reversed_at is null), 0), 0)::bigint
             as "givenBefore"
        from campaigns c where c.id = ${campaignId}`.execute(deps.db),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.anonymous || r.name === '' ? null : r.name,
      amount: r.hideAmount ? null : r.amount,
      receivedOn: r.receivedOn,
    })),
    givenBefore: Number(before.rows[0]?.givenBefore ?? 0),
  };
}
