import { alertsRouter } from '../alerts/router';
import { activityRouter } from '../audit/router';
import { authRouter } from '../auth/router';
import { campaignRouter } from '../campaigns/router';
import { dashboardRouter } from '../dashboard/router';
import { giftsRouter, pledgeRouter, statementRouter } from '../giving/router';
import { outboxRouter } from '../mail/router';
import { editionsRouter } from '../newsletter/editions/router';
import { newsletterRouter } from '../newsletter/router';
import { settingsRouter } from '../settings/router';
import { submissionRouter } from '../submissions/router';
import { textsRouter } from '../texts/router';
import { passwordResetRouter } from '../users/password-reset-router';
import { usersRouter } from '../users/router';
import { mergeRouters, router } from './trpc';

export const appRouter = router({
  auth: mergeRouters(authRouter, passwordResetRouter),
  alerts: alertsRouter,
  campaign: campaignRouter,
  submission: submissionRouter,
  newsletter: newsletterRouter,
  newsletters: editionsRouter,
  dashboard: dashboardRouter,
  outbox: outboxRouter,
  users: usersRouter,
  settings: settingsRouter,
  activity: activityRouter,
  pledge: pledgeRouter,
  statement: statementRouter,
  gifts: giftsRouter,
  texts: textsRouter,
});

export type AppRouter = typeof appRouter;
