/** The dashboard's figures. What growth measures: docs/dashboard-growth.md. */
import { sql } from 'kysely';
import type { z } from 'zod';
import { fromLagosClock, lagosClock } from '../../shared/lagos-time';
import type { dashboardStatsAnswer } from '../../shared/schemas/answers';
import type { Deps } from '../deps';

export type DashboardStats = z.output<typeof dashboardStatsAnswer>;

/** Start instants of the current and previous calendar month in Lagos, and of the next one. */
export function monthBounds(now: Date): { previous: Date; current: Date; next: Date } {
  const lagos = lagosClock(now);
  const y = lagos.getUTCFullYear();
  const m = lagos.getUTCMonth();
  const start = (year: number, month: number) => fromLagosClock(Date.UTC(year, month, 1));
  return { previous: start(y, m - 1), current: start(y, m), next: start(y, m + 1) };
}

/** The Lagos calendar month an instant falls in, YYYY-MM. */
const lagosMonth = (instant: Date) => lagosClock(instant).toISOString().slice(0, 7);

export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export async function dashboardStats(deps: Deps): Promise<DashboardStats> {
  const { previous, current, next } = monthBounds(deps.now());
  const row = await deps.db
    .selectFrom('campaigns')
    .select([
      sql<number>`coalesce(sum(amount_raised), 0)`.as('totalRaised'),
      sql<number>`count(*) filter (where status = 'active')`.as('activeCampaigns'),
      sql<number>`count(distinct location)`.as('locations'),
      sql<number>`coalesce(sum(amount_raised) filter (where created_at >= ${current} and created_at < ${next}), 0)`.as(
        'currentMonthRaised',
      ),
      sql<number>`coalesce(sum(amount_raised) filter (where created_at >= ${previous} and created_at < ${current}), 0)`.as(
        'previousMonthRaised',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    ...row,
    monthlyGrowth: growthPercent(row.currentMonthRaised, row.previousMonthRaised),
    // Which months growth compares, so the dashboard can name them.
    currentMonth: lagosMonth(current),
    previousMonth: lagosMonth(previous),
  };
}
