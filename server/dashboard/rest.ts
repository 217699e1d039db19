import { dashboardStatsAnswer } from '../../shared/schemas/answers';
import { requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { DASHBOARD_STATS_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { dashboardStats } from './service';

export async function dashboardRest(app: ZodApp, deps: Deps): Promise<void> {
  app.get(
    '/api/dashboard/stats',
    {
      config: { budget: 'staff' },
      onRequest: requireStaff(deps, 'dashboard.read'),
      schema: {
        tags: ['dashboard'],
        operationId: 'dashboardStats',
        summary: "The dashboard's figures",
        security: BEARER,
        response: {
          200: answer('The figures', dashboardStatsAnswer, { example: DASHBOARD_STATS_EXAMPLE }),
          ...refusals(401, 403),
        },
      },
    },
    () => dashboardStats(deps),
  );
}
