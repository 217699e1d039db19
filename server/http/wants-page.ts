import type { FastifyRequest } from 'fastify';

/**
 * A browser navigation asks for HTML first; fetch and API clients ask for JSON or anything. The
 * one test of it, so the campaigns route, the response cache and the request's language never
 * disagree on what a request gets.
 */
export function wantsPage(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}
