import type { FastifyRequest } from 'fastify';
import { t } from '../../shared/messages';
import { type Actor, actorOf } from '../audit/audit';
import { type Admin, adminFromToken } from '../auth/service';
import { bearerToken } from '../auth/tokens';
import type { Deps } from '../deps';
import { UnauthorizedError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

/** preHandler of admin REST routes: a missing or refused token is a 401 before anything runs. */
export const requireAdmin = (deps: Deps) => async (req: FastifyRequest) => {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new UnauthorizedError(t('auth.unauthorized'));
  const admin = await adminFromToken(deps, token);
  if (!admin) throw new UnauthorizedError(t('auth.tokenInvalid'));
  req.admin = admin;
};

/** Who is acting in a REST request, for the audit trail: the admin its token names, or a visitor. */
export const actorOfRequest = (req: FastifyRequest): Actor => actorOf(req.admin, req.ip);
