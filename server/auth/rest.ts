/** The spec's REST paths for signing in; same service and schema as tRPC. */
import { t } from '../../shared/messages';
import { loginAnswer, verifyAnswer } from '../../shared/schemas/answers';
import { loginInput } from '../../shared/schemas/auth';
import type { Deps } from '../deps';
import { LOGIN_EXAMPLE } from '../http/api-examples';
import { requireAdmin } from '../http/auth-hook';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { login } from './service';

const tags = ['auth'];

export async function authRest(app: ZodApp, deps: Deps): Promise<void> {
  app.post(
    '/api/auth/login',
    {
      config: { openapiExample: LOGIN_EXAMPLE },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Sign in and get a bearer token',
        body: loginInput,
        response: { 200: answer('Signed in', loginAnswer), ...refusals(...BODY_REFUSALS, 401) },
      },
    },
    (req) => login(deps, req.body),
  );

  app.get(
    '/api/auth/verify',
    {
      onRequest: requireAdmin(deps),
      schema: {
        tags,
        operationId: 'verifyToken',
        summary: 'Check a bearer token',
        security: BEARER,
        response: { 200: answer('The token is valid', verifyAnswer), ...refusals(401) },
      },
    },
    async (req) => ({ message: t('auth.tokenValid'), email: req.admin?.email ?? '' }),
  );
}
