/** The analytics page's figures: submissions per week by type, and campaigns' raised against target. */
import { type Kysely, sql } from 'kysely';
import { SUBMISSION_TYPES, type SubmissionType } from '../../shared/constants';
import { lagosClock, lagosDayStart } from '../../shared/lagos-time';
import { listCampaigns } from '../campaigns/service';
import type { Deps } from '../deps';
import { KINDS } from '../submissions/kinds';

export const ANALYTICS_WEEKS = 12;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The Monday (Lagos; weeks start on Monday there) that starts the week of `now`, as YYYY-MM-DD. */
export function weekStart(now: Date): string {
  const lagos = lagosClock(now);
  const daysSinceMonday = (lagos.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - daysSinceMonday))
    .toISOString()
    .slice(0, 10);
}

export interface Analytics {
  weeks: ({ week: string } & Record<SubmissionType, number>)[];
  campaigns: { id: string; title: string; raised: number; target: number }[];
}

export async function analytics(deps: Deps): Promise<Analytics> {
  const thisWeek = weekStart(deps.now());
  const weeks = Array.from({ length: ANALYTICS_WEEKS }, (_, i) =>
    new Date(Date.parse(thisWeek) - (ANALYTICS_WEEKS - 1 - i) * WEEK_MS).toISOString().slice(0, 10),
  );
  const since = lagosDayStart(weeks[0]!);
  const rows = weeks.map((week) => ({
    week,
    ...Object.fromEntries(SUBMISSION_TYPES.map((t) => [t, 0])),
  })) as Analytics['weeks'];
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  const db = deps.db as unknown as Kysely<Record<string, Record<string, Date>>>;
  await Promise.all(
    SUBMISSION_TYPES.map(async (type) => {
      const column = KINDS[type].listOrder;
      const counts = await db
        .selectFrom(KINDS[type].table)
        .select([
          sql<string>`to_char(date_trunc('week', ${sql.ref(column)} at time zone 'UTC' + interval '1 hour'), 'YYYY-MM-DD')`.as(
            'week',
          ),
          sql<number>`count(*)::int`.as('n'),
        ])
        .where(column, '>=', since)
        .groupBy('week')
        .execute();
      for (const { week, n } of counts) {
        const row = byWeek.get(week);
        if (row) row[type] = Number(n);
      }
    }),
  );
  const campaigns = (await listCampaigns(deps, { order: 'newest' })).map((c) => ({
    id: c._id,
    title: c.title,
    raised: c.amountRaised,
    target: c.target,
  }));
  return { weeks: rows, campaigns };
}
