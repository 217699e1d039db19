import { settingsInput } from '../../shared/schemas/staff';
import { backupStatusOf } from '../backup/rest';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc';
import { publicSettings, staffSettings, updateSettings } from './service';

export const settingsRouter = router({
  /** What visitors see: the account to give to and the contact details. */
  public: publicProcedure.query(({ ctx }) => publicSettings(ctx)),
  get: staffProcedure('dashboard.read').query(({ ctx }) => staffSettings(ctx)),
  /** The twin of GET /api/backup/latest. */
  backups: staffProcedure('backups.read').query(({ ctx }) => backupStatusOf(ctx)),
  update: staffProcedure('settings.write')
    .input(settingsInput)
    .mutation(({ ctx, input }) => updateSettings(ctx, input, ctx.actor)),
});
