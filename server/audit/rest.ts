/** REST twin of activity.page: the audit trail, for admins. */
import { activityAnswer } from '../../shared/schemas/answers';
import { activityQuery } from '../../shared/schemas/staff';
import { requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { AUDIT_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { listActivity } from './activity';

export async function auditRest(app: ZodApp, deps: Deps): Promise<void> {
  app.get(
    '/api/audit',
    {
      config: { budget: 'staff' },
      onRequest: requireStaff(deps, 'activity.read'),
      schema: {
        tags: ['audit'],
        operationId: 'listAuditEvents',
        summary: 'The audit trail, newest first, a page at a time',
        description: 'Each event says who did what, when and from which address, with a description in plain words.',
        security: BEARER,
        querystring: activityQuery,
        response: {
          200: answer('A page of events', activityAnswer, { example: AUDIT_EXAMPLE }),
          ...refusals(400, 401, 403),
        },
      },
    },
    (req) => listActivity(deps, req.query),
  );
}
