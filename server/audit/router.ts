import { pageCursor } from '../../shared/schemas/pages';
import { activityQuery } from '../../shared/schemas/staff';
import { router, staffProcedure } from '../trpc/trpc';
import { listActivity } from './activity';

export const activityRouter = router({
  /** GET /api/audit's twin; its cursor is named `cursor`, as tRPC's infinite lists name it. */
  page: staffProcedure('activity.read')
    .input(activityQuery.extend({ cursor: pageCursor.nullish() }))
    .query(({ ctx, input: { cursor, ...query } }) => listActivity(ctx, { ...query, before: cursor ?? query.before })),
});
