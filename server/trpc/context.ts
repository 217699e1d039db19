import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { type Actor, actorOf } from '../audit/audit';
import { type DeviceCookieJar, deviceCookieJar } from '../auth/device-cookie';
import { type StaffUser, userFromToken } from '../auth/service';
import { bearerToken } from '../auth/tokens';
import type { Deps } from '../deps';

export interface Context extends Deps {
  /** The signed-in staff member the bearer token names, or null. */
  user: StaffUser | null;
  /** Who is acting, for the audit trail: the staff member or a visitor, the client address and the request's id. */
  actor: Actor;
  /** The request's cookies and the reply's Set-Cookie, for sign-in's device cookie; null outside HTTP. */
  device: DeviceCookieJar | null;
}

/** The inner context from plain values: what tests hand to createCaller. */
export const createInnerContext = (
  deps: Deps,
  user: StaffUser | null = null,
  ip: string | null = null,
  device: DeviceCookieJar | null = null,
  requestId: string | null = null,
): Context => ({
  ...deps,
  user,
  actor: actorOf(user, ip, requestId),
  device,
});

/** The request context: the user is whoever the bearer token names, if it is valid. */
export const createRequestContext =
  (deps: Deps) =>
  async ({ req, res }: CreateFastifyContextOptions): Promise<Context> =>
    createInnerContext(
      deps,
      await userFromToken(deps, bearerToken(req.headers.authorization)),
      req.ip,
      deviceCookieJar(req, res),
      req.id,
    );
