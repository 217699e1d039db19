/**
 * Requests must name one of the site's own hosts. Pages and their cached bytes hold absolute links
 * (canonical, og:url, hreflang, the sitemap); these come from PUBLIC_URL, and refusing unknown
 * hosts before any cache lookup means a forged Host header can neither poison nor read a cache
 * entry meant for another host. Health checks answer any host: balancers probe by address; so do
 * the metrics (a scraper names its target by address, and a token guards them).
 */
import type { FastifyInstance } from 'fastify';
import { t } from '../../shared/messages';

const ANY_HOST = new Set(['/healthz', '/readyz', '/metrics']);

/** Registered first of all onRequest hooks. `req.hostname` honours X-Forwarded-Host only from a trusted proxy. */
export function registerAllowedHosts(app: FastifyInstance, allowedHosts: readonly string[]): void {
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  app.addHook('onRequest', async (req, reply) => {
    if (ANY_HOST.has(req.url.split('?')[0]!)) return;
    if (allowed.has(req.hostname.toLowerCase())) return;
    return reply
      .code(421)
      .header('cache-control', 'no-store')
      .send({ message: t('request.unknownHost') });
  });
}
