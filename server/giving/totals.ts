/**
 * The rule that keeps public totals true: for every campaign,
 *   amount_raised = opening_amount + its counting gifts + its adjustments,
 *   supporters    = opening_supporters + its supporters from gifts + its adjustments,
 * where a pledge with counting gifts is one supporter and a gift without a pledge is one.
 * Gifts to the general fund have no campaign and are left out on purpose (`campaign_id is not
 * null`): they belong to no campaign's total, and recording them moves none.
 * Checked by the tests after every kind of change and by `npm run check:totals` on a live database.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';

export interface TotalsMismatch {
  campaignId: string;
  title: string;
  amountRaised: number;
  expectedAmount: number;
  supporters: number;
  expectedSupporters: number;
}

/** Every campaign whose stored totals differ from what its gifts and adjustments add up to. */
export async function checkTotals(db: DB): Promise<TotalsMismatch[]> {
  const { rows } = await sql<TotalsMismatch>`
    with g as (
      select campaign_id,
             sum(amount) as amount,
             count(distinct pledge_id) + count(*) filter (where pledge_id is null) as supporters
        from gifts where reversed_at is null and campaign_id is not null group by campaign_id),
    a as (
      select campaign_id, sum(amount_delta) as amount, sum(supporters_delta) as supporters
        from amount_adjustments group by campaign_id)
    select c.id as "campaignId", c.title,
           c.amount_raised::bigint as "amountRaised",
           (c.opening_amount + coalesce(g.amount, 0) + coalesce(a.amount, 0))::bigint as "expectedAmount",
           c.supporters::bigint as "supporters",
           (c.opening_supporters + coalesce(g.supporters, 0) + coalesce(a.supporters, 0))::bigint
             as "expectedSupporters"
      from campaigns c
      left join g on g.campaign_id = c.id
      left join a on a.campaign_id = c.id
     where c.amount_raised <> c.opening_amount + coalesce(g.amount, 0) + coalesce(a.amount, 0)
        or c.supporters <> c.opening_supporters + coalesce(g.supporters, 0) + coalesce(a.supporters, 0)
     order by c.created_at`.execute(db);
  return rows.map((r) => ({
    ...r,
    amountRaised: Number(r.amountRaised),
    expectedAmount: Number(r.expectedAmount),
    supporters: Number(r.supporters),
    expectedSupporters: Number(r.expectedSupporters),
  }));
}
