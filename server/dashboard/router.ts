import { adminProcedure, router } from '../trpc/trpc';
import { dashboardStats } from './service';

export const dashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx)),
});
