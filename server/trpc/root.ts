import { activityRouter } from '../audit/router';
import { authRouter } from '../auth/router';
import { campaignRouter } from '../campaigns/router';
import { dashboardRouter } from '../dashboard/router';
import { giftsRouter, pledgeRouter, statementRouter } from '../giving/router';
import { settingsRouter } from '../settings/router';
import { submissionRouter } from '../submissions/router';
import { usersRouter } from '../users/router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  campaign: campaignRouter,
  submission: submissionRouter,
  dashboard: dashboardRouter,
  users: usersRouter,
  settings: settingsRouter,
  activity: activityRouter,
  pledge: pledgeRouter,
  statement: statementRouter,
  gifts: giftsRouter,
});

export type AppRouter = typeof appRouter;
