import { authRouter } from '../auth/router';
import { campaignRouter } from '../campaigns/router';
import { dashboardRouter } from '../dashboard/router';
import { submissionRouter } from '../submissions/router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  campaign: campaignRouter,
  submission: submissionRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
