/** The tRPC twins of GET and PUT /api/auth/notifications. */
import { alertSettings } from '../../shared/schemas/alerts';
import { router, staffProcedure } from '../trpc/trpc';
import { alertSettingsOf, saveAlertSettings } from './preferences';

// Any role: every signed-in account may read the dashboard.
const signedIn = staffProcedure('dashboard.read');

export const alertsRouter = router({
  get: signedIn.query(({ ctx }) => alertSettingsOf(ctx, ctx.user)),
  update: signedIn
    .input(alertSettings)
    .mutation(({ ctx, input }) => saveAlertSettings(ctx, ctx.user, input, ctx.actor)),
});
