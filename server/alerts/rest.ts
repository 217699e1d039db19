/** GET and PUT /api/auth/notifications: one's own alert choices; same schema and service as tRPC. */
import { alertSettings } from '../../shared/schemas/alerts';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { ALERT_SETTINGS_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { alertSettingsOf, saveAlertSettings } from './preferences';

const tags = ['auth'];

const CHOICES =
  "Each kind is 'each' (a mail per new entry, as it arrives), 'daily' (one summary at 07:00 Lagos time of what arrived since the last one, none when nothing did) or 'none'. `submissions`: new volunteer, partner and advocate applications and contact messages, for roles that review submissions. `giving`: new pledges and bank statement credits that matched no pledge, for roles that manage donations. Disabled accounts receive nothing.";

export async function alertsRest(app: ZodApp, deps: Deps): Promise<void> {
  // Any role: every signed-in account may read the dashboard.
  const signedIn = requireStaff(deps, 'dashboard.read');

  app.get(
    '/api/auth/notifications',
    {
      onRequest: signedIn,
      config: { budget: 'staff' },
      schema: {
        tags,
        operationId: 'getNotificationSettings',
        summary: 'Your email alert choices',
        description: `${CHOICES} The default of both is 'daily'.`,
        security: BEARER,
        response: {
          200: answer('Your choices', alertSettings, { example: ALERT_SETTINGS_EXAMPLE }),
          ...refusals(401, 403),
        },
      },
    },
    (req) => alertSettingsOf(deps, req.user!),
  );

  app.put(
    '/api/auth/notifications',
    {
      onRequest: signedIn,
      config: { budget: 'staff', openapiExample: ALERT_SETTINGS_EXAMPLE },
      schema: {
        tags,
        operationId: 'updateNotificationSettings',
        summary: 'Change your email alert choices',
        description: `${CHOICES} Both kinds are sent, and the answer is the choices as saved, in the same shape. A choice for a kind your role does not receive is saved as sent and takes effect only if the role gains the permission; until then it sends nothing.`,
        security: BEARER,
        body: alertSettings,
        response: {
          200: answer('Saved', alertSettings, { example: ALERT_SETTINGS_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403),
        },
      },
    },
    (req) => saveAlertSettings(deps, req.user!, req.body, actorOfRequest(req)),
  );
}
