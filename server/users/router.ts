import { userCreateInput, userIdInput, userUpdateInput } from '../../shared/schemas/staff';
import { router, staffProcedure } from '../trpc/trpc';
import { createUser, listUsers, resetPassword, updateUser } from './service';

const manage = staffProcedure('users.manage');

export const usersRouter = router({
  list: manage.query(async ({ ctx }) => ({ users: await listUsers(ctx) })),
  create: manage.input(userCreateInput).mutation(({ ctx, input }) => createUser(ctx, input, ctx.actor)),
  update: manage
    .input(userIdInput.extend({ data: userUpdateInput }))
    .mutation(({ ctx, input }) => updateUser(ctx, input.id, input.data, ctx.actor)),
  resetPassword: manage.input(userIdInput).mutation(({ ctx, input }) => resetPassword(ctx, input.id, ctx.actor)),
});
