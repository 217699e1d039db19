import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { type Actor, actorOf } from '../audit/audit';
import { type Admin, adminFromToken } from '../auth/service';
import { bearerToken } from '../auth/tokens';
import type { Deps } from '../deps';

export interface Context extends Deps {
  admin: Admin | null;
  /** Who is acting, for the audit trail: the admin or a visitor, and the client address. */
  actor: Actor;
}

/** The inner context from plain values: what tests hand to createCaller. */
export const createInnerContext = (deps: Deps, admin: Admin | null = null, ip: string | null = null): Context => ({
  ...deps,
  admin,
  actor: actorOf(admin, ip),
});

/** The request context: the admin is whoever the bearer token names, if it is valid. */
export const createRequestContext =
  (deps: Deps) =>
  async ({ req }: CreateFastifyContextOptions): Promise<Context> =>
    createInnerContext(deps, await adminFromToken(deps, bearerToken(req.headers.authorization)), req.ip);
