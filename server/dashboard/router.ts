import { recentActivity } from '../audit/activity';
import { outboxSummary } from '../mail/outbox-admin';
import { router, staffProcedure } from '../trpc/trpc';
import { analytics } from './analytics';
import { dashboardStats } from './service';

export const dashboardRouter = router({
  stats: staffProcedure('dashboard.read').query(({ ctx }) => dashboardStats(ctx)),
  /** The last ten events of the audit trail, in plain words. */
  recentActivity: staffProcedure('dashboard.read').query(({ ctx }) => recentActivity(ctx)),
  analytics: staffProcedure('dashboard.read').query(({ ctx }) => analytics(ctx)),
  /** Mail not delivered yet, or kept as files without SMTP: for admins, who can act on it. */
  mail: staffProcedure('outbox.manage').query(({ ctx }) => outboxSummary(ctx)),
});
