/**
 * Security headers on every answer, from helmet. The site needs nothing from other origins but
 * images; scripts come only from our own origin, so an injected `<script>` never runs. The API
 * reference pages (/api/docs) set their own, slightly looser policy for the UI's styles.
 *
 * helmet's middleware is built once here and applied by one synchronous hook: @fastify/helmet
 * builds it again for every request, which cost the hot paths a fifth of their throughput.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** 365 days: browsers then refuse plain http for the site for a year (at least 180 days is the aim). */
const HSTS_SECONDS = 365 * 24 * 60 * 60;

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  // The service worker (/sw.js) and the web app manifest, named although default-src covers them.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers' middleware. `formTargets`: origins other than ours a form may lead to, through the
 * server's redirect (the payment provider's checkout page, after the give form's post).
 */
const headersMiddleware = (formTargets: string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, formAction: ["'self'", ...formTargets] },
    },
    strictTransportSecurity: { maxAge: HSTS_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Pages and JSON are for this origin only; images are opened up below.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // COEP would block cross-origin images without CORP headers, which the site allows on purpose.
    crossOriginEmbedderPolicy: false,
  });

export function registerSecurityHeaders(app: FastifyInstance, options: { formTargets: string[] }): void {
  const applyHeaders = headersMiddleware(options.formTargets);
  app.addHook('onRequest', (req, reply, done) => applyHeaders(req.raw, reply.raw, () => done()));
  // Images are shown on other sites' pages too (link previews, partners' embeds), and only images.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('image/')) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done(null, payload);
  });
}
