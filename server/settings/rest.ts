/** REST twins of settings.get and settings.update. */
import { settingsAnswer, settingsSaved } from '../../shared/schemas/answers';
import { settingsInput } from '../../shared/schemas/staff';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { SETTINGS_ANSWER_EXAMPLE, SETTINGS_EXAMPLE, SETTINGS_SAVED_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { staffSettings, updateSettings } from './service';

const tags = ['settings'];

export async function settingsRest(app: ZodApp, deps: Deps): Promise<void> {
  app.get(
    '/api/settings',
    {
      config: { budget: 'staff' },
      onRequest: requireStaff(deps, 'dashboard.read'),
      schema: {
        tags,
        operationId: 'getSettings',
        summary: "The foundation's settings",
        description: 'Every staff role may read them; only admins change them.',
        security: BEARER,
        response: {
          200: answer('The settings', settingsAnswer, { example: SETTINGS_ANSWER_EXAMPLE }),
          ...refusals(401, 403),
        },
      },
    },
    () => staffSettings(deps),
  );

  app.put(
    '/api/settings',
    {
      onRequest: requireStaff(deps, 'settings.write'),
      config: { budget: 'staff', openapiExample: SETTINGS_EXAMPLE },
      schema: {
        tags,
        operationId: 'updateSettings',
        summary: "Change the foundation's settings",
        description:
          'Every field is sent, except `welcomeMail`, which keeps its value when left out. The bank account is shown on /donate and for every campaign without its own account, from the moment this answers, on every instance. The account number has 10 digits; the bank is one of the Nigerian banks the schema lists.',
        security: BEARER,
        body: settingsInput,
        response: {
          200: answer('Saved', settingsSaved, { example: SETTINGS_SAVED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403),
        },
      },
    },
    (req) => updateSettings(deps, req.body, actorOfRequest(req)),
  );
}
