/** REST twins of the users.* procedures: admins manage staff accounts. Same schemas and services. */
import { userCreated, userSaved, usersAnswer, userWithPassword } from '../../shared/schemas/answers';
import { userCreateInput, userIdInput, userUpdateInput } from '../../shared/schemas/staff';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import {
  PASSWORD_RESET_EXAMPLE,
  USER_CREATE_EXAMPLE,
  USER_CREATED_EXAMPLE,
  USER_SAVED_EXAMPLE,
  USER_UPDATE_EXAMPLE,
  USERS_EXAMPLE,
} from '../http/api-examples';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { createUser, listUsers, resetPassword, updateUser } from './service';

const tags = ['users'];

export async function usersRest(app: ZodApp, deps: Deps): Promise<void> {
  const onRequest = requireStaff(deps, 'users.manage');

  app.get(
    '/api/users',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'Every staff account, admins first',
        security: BEARER,
        response: { 200: answer('The accounts', usersAnswer, { example: USERS_EXAMPLE }), ...refusals(401, 403) },
      },
    },
    async () => ({ users: await listUsers(deps) }),
  );

  app.post(
    '/api/users',
    {
      onRequest,
      config: { budget: 'staff', openapiExample: USER_CREATE_EXAMPLE },
      schema: {
        tags,
        operationId: 'createUser',
        summary: 'Create a staff account with a one-time password',
        description:
          'The answer carries the one-time password, this once: it is stored only as a hash. The new account must change it at first sign-in. The person is also mailed an invitation to choose their own password (a single-use link valid for 7 days); `invitationMailed` says whether it goes out over SMTP.',
        security: BEARER,
        body: userCreateInput,
        response: {
          201: answer('Created', userCreated, { example: USER_CREATED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 409),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await createUser(deps, req.body, actorOfRequest(req))),
  );

  app.put(
    '/api/users/:id',
    {
      onRequest,
      config: { budget: 'staff', openapiExample: USER_UPDATE_EXAMPLE },
      schema: {
        tags,
        operationId: 'updateUser',
        summary: "Change an account's role or name, or disable or re-enable it",
        description:
          'Disabling ends every session of the account at once. The last active admin can be neither disabled nor demoted (409).',
        security: BEARER,
        params: userIdInput,
        body: userUpdateInput,
        response: {
          200: answer('Saved', userSaved, { example: USER_SAVED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404, 409),
        },
      },
    },
    (req) => updateUser(deps, req.params.id, req.body, actorOfRequest(req)),
  );

  app.post(
    '/api/users/:id/reset-password',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'resetUserPassword',
        summary: 'Give an account a new one-time password',
        description: 'Every session of the account ends. The answer carries the password, this once.',
        security: BEARER,
        params: userIdInput,
        response: {
          200: answer('Reset', userWithPassword, { example: PASSWORD_RESET_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    (req) => resetPassword(deps, req.params.id, actorOfRequest(req)),
  );
}
