/**
 * The site's pages. Public pages are rendered on the server (client/entry-server.tsx) from data
 * fetched through the tRPC router, with the route's title, description, canonical link and Open
 * Graph tags in the head, and the data the browser hydrates from in a JSON script. /login and
 * /admin are sent as the empty shell and rendered in the browser. Built assets are served with
 * immutable caching.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { DATA_SAVER_HEADER, DATA_SAVER_KEY, isDataSaver } from '../shared/data-saver';
import { FORM_ECHO_KEY, FORM_PAGES, type FormEcho } from '../shared/form-echo';
import { LANGUAGES, LOCALE_CODES, type Locale, t } from '../shared/messages';
import { APP_DATA_ID, type PageData, serializeForScript } from '../shared/page-data';
import { pathInLanguage } from '../shared/page-language';
import {
  campaignMeta,
  campaignNotFoundMeta,
  editionMeta,
  editionNotFoundMeta,
  metaForPath,
  notFoundMeta,
  PAGE_PATHS,
  type PageMeta,
} from '../shared/page-meta';
import { CLIENT_ONLY_PATH, carriesToken, isPersonalPage, PASSWORD_PAGE_PATH, splitUrl } from '../shared/page-privacy';
import { ARCHIVE_PATH } from '../shared/schemas/editions';
import { LINK_OUTCOME_KEY, type LinkOutcome } from '../shared/schemas/newsletter';
import { getCampaign, listCampaigns } from './campaigns/service';
import type { Deps } from './deps';
import { NotFoundError } from './errors';
import { sendMethodNotAllowed } from './http/allowed-methods';
import type { Pages } from './http/page-answers';
import { archiveSitemap, getArchivedEdition } from './newsletter/editions/archive';
import { loadPageStyles } from './page-styles';
import { overridesScript } from './texts/overrides';
import { createInnerContext } from './trpc/context';
import { appRouter } from './trpc/root';

const API_PATH = /^\/(?:api|trpc|upload)(?:[/?]|$)/;

const notFound = () => {
  throw new NotFoundError(t('request.notFound'));
};
/**
 * The forgotten-password pages (PASSWORD_PAGE_PATH): never indexed, and no Referer leaves them,
 * since the reset page's address carries a mailed link's token (not even to this site's own API
 * and assets).
 */
const PASSWORD_PAGE_HEAD =
  '\n    <meta name="robots" content="noindex">\n    <meta name="referrer" content="no-referrer">';
/**
 * A sent edition's page in the newsletter's archive. Paths in any case, as the page router
 * matches them (shared/page-privacy.ts).
 */
const EDITION_PAGE_PATH = /^\/newsletter\/(?!(?:confirm|unsubscribe)\/?$)([^/]+)\/?$/i;
const HEAD_MARKER = '<!--app-head-->';
/** The public pages a search engine should list (a thank-you page and sign-in are no destination). */
const SITEMAP_PAGES = PAGE_PATHS.filter((page) => page !== '/login' && page !== '/partner-success');
const HTML_MARKER = '<!--app-html-->';
/** The template's root element, whose language is the page's. */
const HTML_ELEMENT = /<html\b[^>]*>/;
const DATA_MARKER = '<!--app-data-->';

/** What client/entry-server.tsx renders (its module is loaded from the SSR build, or in tests from source). */
export interface PageRenderer {
  render(
    url: string,
    api: ReturnType<typeof createServerSideHelpers<typeof appRouter>>,
  ): Promise<{ status: 200 | 404; html: string; state: unknown; texts?: Record<string, string> }>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An address on the site: from PUBLIC_URL, never from a header the client sent. */
const absoluteUrl = (publicUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;

function headTags(
  req: FastifyRequest,
  pathname: string,
  meta: PageMeta,
  options: { publicUrl: string; canonical: boolean },
): string {
  const url = (locale?: Locale) => absoluteUrl(options.publicUrl, pathInLanguage(pathname, locale));
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:locale" content="${LANGUAGES[req.locale].tag.replace('-', '_')}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (options.canonical) {
    // Each language has its own address (English the plain one): search engines list both.
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url(req.locale))}">`,
      `<meta property="og:url" content="${escapeHtml(url(req.locale))}">`,
      ...LOCALE_CODES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(url(locale))}">`),
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url())}">`,
    );
  }
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absoluteUrl(options.publicUrl, meta.image))}">`);
    tags.push(`<meta name="twitter:card" content="summary_large_image">`);
  }
  return tags.join('\n    ');
}

/** The head's title and description: a campaign's own on its page. */
async function metaOf(deps: Deps, pathname: string, status: number): Promise<PageMeta> {
  const campaignId = /^\/campaign\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (campaignId) {
    if (status === 404) return campaignNotFoundMeta();
    try {
      return campaignMeta(await getCampaign(deps, decodeURIComponent(campaignId)));
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof URIError) return campaignNotFoundMeta();
      throw error;
    }
  }
  const editionId = EDITION_PAGE_PATH.exec(pathname)?.[1];
  if (editionId) {
    if (status === 404) return editionNotFoundMeta();
    try {
      return editionMeta(await getArchivedEdition(deps, decodeURIComponent(editionId)));
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof URIError) return editionNotFoundMeta();
      throw error;
    }
  }
  if (status === 404) return notFoundMeta();
  const meta = metaForPath(pathname);
  // "Coming soon" is untrue once donors can pay online.
  if (pathname.replace(/\/+$/, '').toLowerCase() === '/donate' && deps.config.paystack)
    return { ...meta, description: t('meta.donate.descriptionOnline') };
  return meta;
}

export async function registerPages(
  app: FastifyInstance,
  deps: Deps,
  options: {
    staticDir: string | undefined;
    renderer: PageRenderer | undefined;
    /** The methods each known path has (allowed-methods.ts), for 405 rather than 404. */
    methodsOf: (path: string) => string[];
  },
): Promise<Pages> {
  const { publicUrl } = deps.config;
  const read = (file: string) => {
    const full = options.staticDir && path.join(options.staticDir, file);
    return full && fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
  };
  const template = read('index.html');
  const pageStyles = options.staticDir && template ? loadPageStyles(options.staticDir, template) : undefined;
  if (options.staticDir && template) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      index: false,
      // Routes only for the files the build made; every other path is a page.
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      // Source maps would publish source, and the manifest is the server's: neither is served (the
      // client build makes no maps; the server bundle's map sits in dist/server, never served).
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The service worker: checked on every visit, so a deploy's worker takes over on the next one.
        if (/^sw\.js(?:\.br|\.gz)?$/.test(path.relative(options.staticDir!, filePath))) {
          res.setHeader('cache-control', 'no-cache');
          res.setHeader('service-worker-allowed', '/');
        }
      },
    });
  }

  /**
   * The template with the head, the app's markup and its data written in (functions, not strings:
   * `$` stays literal). With data saver on, the root element says so (the styles then name only
   * system fonts, and client/boot.ts loads no web font).
   */
  const fill = (req: FastifyRequest, reply: FastifyReply, parts: { head: string; html: string; data: string }) => {
    const saver = isDataSaver(req.headers);
    // The page differs by the choice: caches (the service worker's too) keep the two apart.
    const vary = reply.getHeader('vary');
    reply.header(DATA_SAVER_HEADER, saver ? 'on' : 'off').header('vary', vary ? `${vary}, Save-Data` : 'Save-Data');
    // Rendered markup carries only its own rules; the shell, which the browser fills, all of them.
    const styled =
      pageStyles && parts.html
        ? {
            template: pageStyles.templateFor(parts.html),
            data: pageStyles.link + parts.data,
          }
        : { template: template!, data: parts.data };
    return styled.template
      .replace(HTML_ELEMENT, () => `<html lang="${req.locale}"${saver ? ' data-saver="on"' : ''}>`)
      .replace(HEAD_MARKER, () => parts.head)
      .replace(HTML_MARKER, () => parts.html)
      .replace(DATA_MARKER, () => styled.data);
  };

  /** Renders the page at `url`; `echo` is a refused form post it shows again, `outcome` what a mailed link did. */
  async function render(req: FastifyRequest, reply: FastifyReply, url: string, echo?: FormEcho, outcome?: LinkOutcome) {
    if (!template || !options.renderer)
      return reply.status(503).type('text/plain').send('The client is not built. Run npm run build.');
    // Timed for the metrics from here to the filled template: data, markup and head.
    const rendered = app.metrics?.pageRender.startTimer();
    const { pathname, search } = splitUrl(url);
    const api = createServerSideHelpers({
      router: appRouter,
      ctx: createInnerContext(deps, null, req.ip),
      transformer: superjson,
    });
    if (echo) api.queryClient.setQueryData(FORM_ECHO_KEY, echo);
    if (outcome) api.queryClient.setQueryData(LINK_OUTCOME_KEY, outcome);
    if (isDataSaver(req.headers)) api.queryClient.setQueryData(DATA_SAVER_KEY, true);
    const page = await options.renderer.render(url, api);
    const meta = await metaOf(deps, pathname, page.status);
    // One person's page (by its path, or built from a link's token in the request's query):
    // rendered, but never kept in memory, shared by a proxy or listed by a search engine.
    const personal = isPersonalPage(pathname, search) || carriesToken(splitUrl(req.url).search);
    if (personal) req.cacheSlot = undefined;
    const head =
      headTags(req, pathname, meta, { publicUrl, canonical: page.status === 200 && !echo && !personal }) +
      (personal ? '\n    <meta name="robots" content="noindex">' : '');
    const pageData: PageData = { path: pathname, state: page.state, texts: page.texts };
    const data =
      `<script type="application/json" id="${APP_DATA_ID}">${serializeForScript(pageData)}</script>` +
      (await overridesScript(deps, req.locale, 'public'));
    const html = fill(req, reply, { head, html: page.html, data });
    rendered?.();
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', personal ? 'private, no-store' : 'no-cache')
        // The service worker keeps its copies of pages per language (client/sw/rules.ts).
        .header('content-language', req.locale)
        .status(echo || outcome?.ok === false ? 400 : page.status)
        .send(html)
    );
  }

  const pages: Pages = {
    rendered: template !== undefined && options.renderer !== undefined,
    sendForm(req, reply, echo) {
      // A refusal is this visitor's own: never kept in memory.
      req.cacheSlot = undefined;
      return render(req, reply, FORM_PAGES[echo.kind], echo);
    },
    sendOutcome(req, reply, path, outcome) {
      req.cacheSlot = undefined;
      return render(req, reply, path, undefined, outcome);
    },
    async send(req, reply) {
      if (!template) return reply.status(503).type('text/plain').send('The client is not built. Run npm run build.');
      const { pathname } = splitUrl(req.url);
      const clientOnly = CLIENT_ONLY_PATH.test(pathname);
      if (!options.renderer || clientOnly) {
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-language', req.locale);
        // The shell: the browser renders the page. Staff pages are never kept in memory.
        req.cacheSlot = undefined;
        const passwordPage = PASSWORD_PAGE_PATH.test(pathname);
        if (passwordPage) reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
        const meta = clientOnly ? metaForPath(passwordPage ? '/login' : pathname) : await metaOf(deps, pathname, 200);
        const head =
          headTags(req, pathname, meta, { publicUrl, canonical: false }) + (passwordPage ? PASSWORD_PAGE_HEAD : '');
        const noscript = `<noscript>${escapeHtml(t('shell.needsScript'))}</noscript>${await overridesScript(deps, req.locale, 'staff')}`;
        return reply.send(fill(req, reply, { head, html: '', data: noscript }));
      }
      return render(req, reply, req.url);
    },
  };

  // For search engines: what to leave alone, and every public page with its last change.
  const started = new Date();
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /login',
          '',
          `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
          '',
        ].join('\n'),
      ),
  );
  app.get('/sitemap.xml', { config: { publicCache: true }, schema: { hide: true } }, async (_req, reply) => {
    const [campaigns, editions] = await Promise.all([listCampaigns(deps), archiveSitemap(deps)]);
    const latest = campaigns.reduce((max, c) => (c.updatedAt > max ? c.updatedAt : max), started.toISOString());
    // The archive changes when an edition goes out (newest first).
    const latestEdition = editions[0]?.lastmod ?? started.toISOString();
    const entries = [
      ...SITEMAP_PAGES.map((page) => ({
        loc: page,
        lastmod:
          page === '/' || page === '/campaigns'
            ? latest
            : page === ARCHIVE_PATH
              ? latestEdition
              : started.toISOString(),
      })),
      ...campaigns.map((c) => ({ loc: `/campaign/${c._id}`, lastmod: c.updatedAt })),
      ...editions,
    ];
    // Every page in each language, each listing the other (search engines' hreflang in sitemaps).
    const address = (loc: string, locale: Locale) => escapeHtml(absoluteUrl(publicUrl, pathInLanguage(loc, locale)));
    const urls = entries.flatMap(({ loc, lastmod }) => {
      const alternates = LOCALE_CODES.map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${address(loc, locale)}"/>`,
      ).join('');
      return LOCALE_CODES.map(
        (locale) => `<url><loc>${address(loc, locale)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`,
      );
    });
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  // Every other GET is a page, kept in memory per public data version when it is public; anything else
  // unknown (an API path, another method) is the API's JSON 404.
  app.get('/*', { config: { budget: 'read', publicCache: 'page' }, schema: { hide: true } }, (req, reply) => {
    if (API_PATH.test(req.url)) {
      req.cacheSlot = undefined;
      return sendMethodNotAllowed(req, reply, options.methodsOf) || notFound();
    }
    return pages.send(req, reply);
  });
  app.setNotFoundHandler((req, reply) => sendMethodNotAllowed(req, reply, options.methodsOf) || notFound());

  return pages;
}
