import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Public writes (sign-up forms, newsletter, login) on either face: a stricter budget than reads. */
const FORM_PATHS = [
  /^\/api\/submissions\/[a-z]+\/register\/?$/,
  /^\/api\/auth\/login\/?$/,
  /^\/trpc\/(?:[\w.]*,)*(?:submission\.\w+\.create|auth\.login)\b/,
];
const isFormRequest = (req: FastifyRequest) => req.method === 'POST' && FORM_PATHS.some((re) => re.test(req.url));

/** Static files and images are cheap and cached; the budget is for the API. */
const isApiRequest = (req: FastifyRequest) => /^\/(?:api|trpc|upload|campaigns)(?:[/?]|$)/.test(req.url);

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    allowList: (req) => !isApiRequest(req) || req.url.startsWith('/api/uploads/'),
    keyGenerator: (req) => `${isFormRequest(req) ? 'form' : 'api'}:${req.ip}`,
    max: (_req, key) => (key.startsWith('form:') ? config.rateLimit.formsPerMinute : config.rateLimit.perMinute),
  });
}
