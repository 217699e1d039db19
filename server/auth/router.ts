import { t } from '../../shared/messages';
import { loginInput } from '../../shared/schemas/auth';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';
import { login, logout } from './service';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx, input, ctx.actor)),
  /** Succeeds only for a valid token; the client reads success or failure, like the REST twin. */
  verify: adminProcedure.query(({ ctx }) => ({ message: t('auth.tokenValid'), email: ctx.admin.email })),
  /** Ends the session of the token used. */
  logout: adminProcedure.mutation(({ ctx }) => logout(ctx, ctx.admin, ctx.actor)),
});
