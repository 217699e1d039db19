import type { FastifyRequest } from 'fastify';
import { t } from '../../shared/messages';
import type { Permission } from '../../shared/roles';
import { type Actor, actorOf } from '../audit/audit';
import type { Deps } from '../deps';
import { UnauthorizedError } from '../errors';
import { assertAllowed } from './permissions';
import { type StaffUser, userFromToken } from './service';
import { bearerToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user: StaffUser | null;
  }
}

/** onRequest of staff REST routes: a missing or refused token is a 401 before anything runs. */
export const requireSignedIn = (deps: Deps) => async (req: FastifyRequest) => {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new UnauthorizedError(t('auth.unauthorized'));
  const user = await userFromToken(deps, token);
  if (!user) throw new UnauthorizedError(t('auth.tokenInvalid'));
  req.user = user;
};

/** onRequest of a staff REST route: signed in (401) with a role that has the permission (403). */
export const requireStaff = (deps: Deps, permission: Permission) => {
  const signedIn = requireSignedIn(deps);
  return async (req: FastifyRequest) => {
    await signedIn(req);
    assertAllowed(req.user!, permission);
  };
};

/** Who is acting in a REST request, for the audit trail: the user its token names, or a visitor, and the request. */
export const actorOfRequest = (req: FastifyRequest): Actor => actorOf(req.user, req.ip, req.id);
