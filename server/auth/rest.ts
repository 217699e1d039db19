/** The spec's REST paths for signing in; same service and schema as tRPC. */
import { loginAnswer, messageAnswer, signInsAnswer, verifyAnswer } from '../../shared/schemas/answers';
import { loginInput } from '../../shared/schemas/auth';
import { passwordChangeInput } from '../../shared/schemas/staff';
import type { Deps } from '../deps';
import {
  LOGIN_ANSWER_EXAMPLE,
  LOGIN_EXAMPLE,
  PASSWORD_CHANGE_EXAMPLE,
  PASSWORD_CHANGED_EXAMPLE,
  SIGN_INS_EXAMPLE,
  SIGNED_OUT_EXAMPLE,
  VERIFY_ANSWER_EXAMPLE,
} from '../http/api-examples';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { deviceCookieJar } from './device-cookie';
import { actorOfRequest, requireSignedIn } from './guards';
import { changeOwnPassword, login, logout, recentSignIns, verifyAnswerOf } from './service';

const tags = ['auth'];

export async function authRest(app: ZodApp, deps: Deps): Promise<void> {
  app.post(
    '/api/auth/login',
    {
      config: { budget: 'signIn', openapiExample: LOGIN_EXAMPLE },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Sign in and get a bearer token',
        description:
          "The password is used exactly as sent, spaces included. A success sets a device cookie (HttpOnly, sent back only to the sign-in paths, a year) that marks this client as known to the account. From a client without one, after 10 attempts at one account within 15 minutes the account is locked for such clients: the answer is 429 with a `Retry-After` header (seconds), even for the right password. A client with the account's device cookie is not locked out; it has 5 attempts per 15 minutes of its own, after which it counts as unknown. Too many attempts from one address within a minute are also answered 429. A success clears the account's count.",
        body: loginInput,
        response: {
          200: answer('Signed in', loginAnswer, { example: LOGIN_ANSWER_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401),
        },
      },
    },
    (req, reply) => login(deps, req.body, actorOfRequest(req), deviceCookieJar(req, reply)),
  );

  app.get(
    '/api/auth/verify',
    {
      config: { budget: 'staff' },
      onRequest: requireSignedIn(deps),
      schema: {
        tags,
        operationId: 'verifyToken',
        summary: 'Check a bearer token',
        security: BEARER,
        response: {
          200: answer('The token is valid; whose it is', verifyAnswer, { example: VERIFY_ANSWER_EXAMPLE }),
          ...refusals(401),
        },
      },
    },
    async (req) => verifyAnswerOf(req.user!),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { budget: 'staff' },
      onRequest: requireSignedIn(deps),
      schema: {
        tags,
        operationId: 'logout',
        summary: 'Sign out: the token used is refused from now on',
        security: BEARER,
        response: { 200: answer('Signed out', messageAnswer, { example: SIGNED_OUT_EXAMPLE }), ...refusals(401) },
      },
    },
    (req) => logout(deps, req.user!, actorOfRequest(req)),
  );

  app.post(
    '/api/auth/password',
    {
      onRequest: requireSignedIn(deps),
      config: { budget: 'staff', openapiExample: PASSWORD_CHANGE_EXAMPLE },
      schema: {
        tags,
        operationId: 'changePassword',
        summary: 'Change your own password',
        description:
          'Needs the current password. Every other session of the account ends; the token used goes on working. Also how a one-time password is replaced. Ten wrong current passwords within 15 minutes are answered 429.',
        security: BEARER,
        body: passwordChangeInput,
        response: {
          200: answer('Changed', messageAnswer, { example: PASSWORD_CHANGED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401),
        },
      },
    },
    (req) => changeOwnPassword(deps, req.user!, req.body, actorOfRequest(req)),
  );

  app.get(
    '/api/auth/sign-ins',
    {
      config: { budget: 'staff' },
      onRequest: requireSignedIn(deps),
      schema: {
        tags,
        operationId: 'recentSignIns',
        summary: 'Your recent sign-ins and refused attempts, newest first',
        security: BEARER,
        response: { 200: answer('The last ten', signInsAnswer, { example: SIGN_INS_EXAMPLE }), ...refusals(401) },
      },
    },
    async (req) => ({ signIns: await recentSignIns(deps, req.user!) }),
  );
}
