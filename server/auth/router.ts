import { loginInput } from '../../shared/schemas/auth';
import { passwordChangeInput } from '../../shared/schemas/staff';
import { router, signedInProcedure, signInProcedure } from '../trpc/trpc';
import { changeOwnPassword, login, logout, recentSignIns, verifyAnswerOf } from './service';

export const authRouter = router({
  login: signInProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx, input, ctx.actor, ctx.device)),
  /** Succeeds only for a valid token, with who it belongs to: the client reads success or failure, like the REST twin. */
  verify: signedInProcedure.query(({ ctx }) => verifyAnswerOf(ctx.user)),
  /** Ends the session of the token used. */
  logout: signedInProcedure.mutation(({ ctx }) => logout(ctx, ctx.user, ctx.actor)),
  /** Changes one's own password (also a one-time one); the other sessions end. */
  changePassword: signedInProcedure
    .input(passwordChangeInput)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx, ctx.user, input, ctx.actor)),
  signIns: signedInProcedure.query(async ({ ctx }) => ({ signIns: await recentSignIns(ctx, ctx.user) })),
});
