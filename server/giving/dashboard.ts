/**
 * The dashboard's view of giving: this month's pledged, received and paid in online fees, credits
 * waiting, and received per week. Received counts gifts to campaigns; gifts to the general fund
 * (no campaign) are reported apart, this month and in all, so neither figure hides the other.
 */
import { sql } from 'kysely';
import { LAGOS_TIME_ZONE } from '../../shared/lagos-time';
import type { Deps } from '../deps';

const WEEKS = 12;

export async function givingSummary(deps: Pick<Deps, 'db' | 'now'>) {
  const now = deps.now();
  // The month and weeks as Nigeria counts them (UTC+1 all year).
  const { rows } = await sql<{
    pledged: number;
    received: number;
    feesKobo: number;
    generalFundMonth: number;
    generalFundTotal: number;
    waiting: number;
    waitingAmount: number;
  }>`
    select
      (select coalesce(sum(amount), 0) from pledges
        where status <> 'cancelled'
          and date_trunc('month', created_at at time zone ${sql.lit(LAGOS_TIME_ZONE)})
            = date_trunc('month', ${now}::timestamptz at time zone ${sql.lit(LAGOS_TIME_ZONE)}))::bigint as pledged,
      (select coalesce(sum(amount), 0) from gifts
        where reversed_at is null and not general_fund
          and date_trunc('month', received_on) = date_trunc('month', (${now}::timestamptz at time zone ${sql.lit(LAGOS_TIME_ZONE)})::date))::bigint
        as received,
      (select coalesce(sum(amount), 0) from gifts
        where reversed_at is null and general_fund
          and date_trunc('month', received_on) = date_trunc('month', (${now}::timestamptz at time zone ${sql.lit(LAGOS_TIME_ZONE)})::date))::bigint
        as "generalFundMonth",
      (select coalesce(sum(amount), 0) from gifts where reversed_at is null and general_fund)::bigint
        as "generalFundTotal",
      (select coalesce(sum(fee_kobo), 0) from gifts
        where reversed_at is null and provider is not null
          and date_trunc('month', received_on) = date_trunc('month', (${now}::timestamptz at time zone ${sql.lit(LAGOS_TIME_ZONE)})::date))::bigint
        as "feesKobo",
      (select count(*) from statement_lines where status = 'open')::bigint as waiting,
      (select coalesce(sum(amount_kobo), 0) / 100 from statement_lines where status = 'open')::bigint as "waitingAmount"`.execute(
    deps.db,
  );
  const weeks = await sql<{ week: string; amount: number }>`
    select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(sum(g.amount), 0)::bigint as amount
      from generate_series(
             date_trunc('week', (${now}::timestamptz at time zone ${sql.lit(LAGOS_TIME_ZONE)})::date) - interval '${sql.raw(String(WEEKS - 1))} weeks',
             date_trunc('week', (${now}::timestamptz at time zone ${sql.lit(LAGOS_TIME_ZONE)})::date),
             interval '1 week') as w(week)
      left join gifts g on g.reversed_at is null and not g.general_fund and date_trunc('week', g.received_on) = w.week
     group by w.week order by w.week`.execute(deps.db);
  const totals = rows[0]!;
  return {
    month: {
      pledged: Number(totals.pledged),
      received: Number(totals.received),
      /** What Paystack kept of this month's online gifts, in naira (kobo as decimals). */
      fees: Number(totals.feesKobo) / 100,
    },
    /** Gifts to the foundation's general fund, in naira: counted in no campaign nor in `received`. */
    generalFund: { month: Number(totals.generalFundMonth), total: Number(totals.generalFundTotal) },
    waiting: { credits: Number(totals.waiting), amount: Number(totals.waitingAmount) },
    receivedPerWeek: weeks.rows.map((w) => ({ week: w.week, amount: Number(w.amount) })),
  };
}
