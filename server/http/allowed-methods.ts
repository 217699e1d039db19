/**
 * Which methods a path has, so a known path asked with another method answers 405 with `Allow`
 * rather than 404. Routes are recorded as they are added, in a router of the same kind as
 * Fastify's own (find-my-way), so a path matches here exactly when it would match there. The
 * catch-alls (`GET /*` for pages, `OPTIONS *` for CORS) are left out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { t } from '../../shared/messages';

/** Catch-alls (the pages, CORS preflight) would make every path known to their method. */
const CATCH_ALL = new Set(['/*', '*']);

/** Call before any route is added; the answer tells the methods of a path (empty: unknown). */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: 1000 });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    if (CATCH_ALL.has(route.url)) return;
    for (const method of ([] as string[]).concat(route.method) as HTTPMethod[]) {
      methods.add(method);
      // A route may be declared twice (HEAD beside GET): the first is enough.
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, () => {});
    }
  });
  return (path) => [...methods].filter((method) => router.find(method, path) !== null).sort();
}

/** Answers 405 with the path's methods, when it has any; false leaves the 404 to the caller. */
export function sendMethodNotAllowed(
  req: FastifyRequest,
  reply: FastifyReply,
  methodsOf: (path: string) => string[],
): FastifyReply | false {
  const allowed = methodsOf(req.url.split('?')[0]!);
  if (allowed.length === 0 || allowed.includes(req.method)) return false;
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send({ message: t('request.methodNotAllowed') });
}
