/**
 * Serves the built client: hashed assets with immutable caching (pre-compressed copies when the
 * build made them), and index.html for client routes with the route's title, description and
 * Open Graph tags written in, so a shared link previews without running JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../shared/messages';
import { metaForPath, type PageMeta } from '../../shared/page-meta';
import { NotFoundError } from '../errors';

const API_PATH = /^\/(?:api|trpc|upload)(?:[/?]|$)/;
const HEAD_MARKER = '<!--app-head-->';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A browser navigation asks for HTML first; fetch and API clients ask for JSON or anything. The
 * one test of it, so the campaigns route and the response cache never disagree on what a request
 * gets.
 */
export function wantsPage(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

export interface Spa {
  /** Sends index.html with the given page meta. */
  send(req: FastifyRequest, reply: FastifyReply, meta?: PageMeta): FastifyReply;
}

function absoluteUrl(req: FastifyRequest, publicUrl: string | undefined, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const base = publicUrl ?? `${req.protocol}://${req.host}`;
  return `${base}${pathOrUrl}`;
}

function headTags(req: FastifyRequest, meta: PageMeta, publicUrl: string | undefined): string {
  const url = absoluteUrl(req, publicUrl, req.url.split('?')[0] ?? '/');
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
  ];
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absoluteUrl(req, publicUrl, meta.image))}">`);
    tags.push(`<meta name="twitter:card" content="summary_large_image">`);
  }
  return tags.join('\n    ');
}

export async function registerSpa(
  app: FastifyInstance,
  options: { staticDir: string | undefined; publicUrl: string | undefined },
): Promise<Spa> {
  const indexFile = options.staticDir ? path.join(options.staticDir, 'index.html') : undefined;
  const template = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (options.staticDir && template) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      index: false,
      // Routes only for the files the build made; every other path falls through to the SPA.
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      // Source maps would publish the client's source; the build makes none, and none is served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const spa: Spa = {
    send(req, reply, meta) {
      if (!template) return reply.status(503).type('text/plain').send('The client is not built. Run npm run build.');
      // A replacer function, not a string: a title holding `$&` or `$\`` must stay literal text.
      const head = headTags(req, meta ?? metaForPath(req.url.split('?')[0] ?? '/'), options.publicUrl);
      const html = template.replace(HEAD_MARKER, () => head);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  };

  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !API_PATH.test(req.url);
    if (isPage) return spa.send(req, reply);
    throw new NotFoundError(t('request.notFound'));
  });

  return spa;
}
