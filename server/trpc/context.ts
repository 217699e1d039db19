import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { type Admin, adminFromToken } from '../auth/service';
import { bearerToken } from '../auth/tokens';
import type { Deps } from '../deps';

export interface Context extends Deps {
  admin: Admin | null;
}

/** The inner context from plain values: what tests hand to createCaller. */
export const createInnerContext = (deps: Deps, admin: Admin | null = null): Context => ({ ...deps, admin });

/** The request context: the admin is whoever the bearer token names, if it is valid. */
export const createRequestContext =
  (deps: Deps) =>
  async ({ req }: CreateFastifyContextOptions): Promise<Context> =>
    createInnerContext(deps, await adminFromToken(deps, bearerToken(req.headers.authorization)));
