/** The outbox.* procedures, for admins: the twins of server/mail/rest.ts. */
import { outboxId, outboxListQuery } from '../../shared/schemas/outbox';
import { pageCursor } from '../../shared/schemas/pages';
import { router, staffProcedure } from '../trpc/trpc';
import { getOutboxMessage, listOutbox, retryOutboxMessage } from './outbox-admin';

const admin = staffProcedure('outbox.manage');

export const outboxRouter = router({
  /** GET /api/outbox's twin; its cursor is named `cursor`, as tRPC's infinite lists name it. */
  list: admin
    .input(outboxListQuery.extend({ cursor: pageCursor.nullish() }))
    .query(({ ctx, input: { cursor, ...query } }) => listOutbox(ctx, { ...query, before: cursor ?? query.before })),
  get: admin.input(outboxId).query(({ ctx, input }) => getOutboxMessage(ctx, input.id)),
  retry: admin.input(outboxId).mutation(({ ctx, input }) => retryOutboxMessage(ctx, input.id, ctx.actor)),
});
