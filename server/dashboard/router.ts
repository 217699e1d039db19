import { recentActivity } from '../audit/activity';
import { router, staffProcedure } from '../trpc/trpc';
import { analytics } from './analytics';
import { dashboardStats } from './service';

export const dashboardRouter = router({
  stats: staffProcedure('dashboard.read').query(({ ctx }) => dashboardStats(ctx)),
  /** The last ten events of the audit trail, in plain words. */
  recentActivity: staffProcedure('dashboard.read').query(({ ctx }) => recentActivity(ctx)),
  analytics: staffProcedure('dashboard.read').query(({ ctx }) => analytics(ctx)),
});
