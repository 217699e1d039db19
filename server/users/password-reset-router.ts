/** auth.forgotPassword and auth.resetPassword: merged into the auth router by the root router. */
import { passwordForgotInput, passwordResetInput } from '../../shared/schemas/password-reset';
import { router, signInProcedure } from '../trpc/trpc';
import { requestPasswordReset, resetPasswordFromLink } from './password-reset';

export const passwordResetRouter = router({
  /** Same answer for every address; only an enabled account is mailed a link. */
  forgotPassword: signInProcedure
    .input(passwordForgotInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input, ctx.actor)),
  resetPassword: signInProcedure
    .input(passwordResetInput)
    .mutation(({ ctx, input }) => resetPasswordFromLink(ctx, input, ctx.actor)),
});
