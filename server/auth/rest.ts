/** The spec's REST paths for signing in; same service and schema as tRPC. */
import { t } from '../../shared/messages';
import { loginAnswer, messageAnswer, verifyAnswer } from '../../shared/schemas/answers';
import { loginInput } from '../../shared/schemas/auth';
import type { Deps } from '../deps';
import { LOGIN_EXAMPLE } from '../http/api-examples';
import { actorOfRequest, requireAdmin } from '../http/auth-hook';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { login, logout } from './service';

const tags = ['auth'];

export async function authRest(app: ZodApp, deps: Deps): Promise<void> {
  app.post(
    '/api/auth/login',
    {
      config: { openapiExample: LOGIN_EXAMPLE, publicWrite: true },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Sign in and get a bearer token',
        description:
          "After 10 failed attempts for one account within 15 minutes, or too many attempts from one address within a minute, the answer is 429 with a `Retry-After` header (seconds). A success clears the account's count.",
        body: loginInput,
        response: { 200: answer('Signed in', loginAnswer), ...refusals(...BODY_REFUSALS, 401) },
      },
    },
    (req) => login(deps, req.body, actorOfRequest(req)),
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

  app.post(
    '/api/auth/logout',
    {
      onRequest: requireAdmin(deps),
      schema: {
        tags,
        operationId: 'logout',
        summary: 'Sign out: the token used is refused from now on',
        security: BEARER,
        response: { 200: answer('Signed out', messageAnswer), ...refusals(401) },
      },
    },
    (req) => logout(deps, req.admin!, actorOfRequest(req)),
  );
}
