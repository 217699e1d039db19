/**
 * Each request is answered in its own language, which every `t` call made while answering it reads
 * (an AsyncLocalStorage, so two visitors in two languages never see each other's texts).
 *
 * - A page (a browser asking for HTML, including a plain form post) follows `?lang=`, then the
 *   `lang` cookie the globe menu sets, then the browser's Accept-Language.
 * - Anything else (REST, tRPC, uploads) follows Accept-Language only: the API answers its
 *   documented English texts unless a client asks for Hausa. The site's own tRPC calls send the
 *   visitor's chosen language in that header.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale, setLocaleSource } from '../../shared/messages';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from '../../shared/page-language';
import { wantsPage } from './wants-page';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    locale: Locale;
  }
}

const requestLocale = new AsyncLocalStorage<Locale>();

/** The first supported language of an Accept-Language header, by its q-values; English if none. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: range.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}

/** The `lang` cookie, when it names a language of the site. */
export function cookieLocale(header: string | undefined): Locale | undefined {
  const value = header && new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(header)?.[1]?.trim();
  return isLocale(value) ? value : undefined;
}

/** `?lang=` of a page's address, when it names a language of the site. */
export function queryLocale(url: string): Locale | undefined {
  const at = url.indexOf('?');
  if (at === -1) return undefined;
  const value = new URLSearchParams(url.slice(at)).get(LANGUAGE_PARAM);
  return isLocale(value) ? value : undefined;
}

export function localeOf(req: FastifyRequest): Locale {
  const negotiated = negotiateLocale(req.headers['accept-language']);
  if (!wantsPage(req)) return negotiated;
  return queryLocale(req.url) ?? cookieLocale(req.headers.cookie) ?? negotiated;
}

/** The request headers an answer's language depends on: a page's on its cookie too. */
export const languageVary = (page: boolean): string[] => (page ? ['Cookie', 'Accept-Language'] : ['Accept-Language']);

/** Appends to Vary without repeating a name (compression adds Accept-Encoding after us). */
function vary(reply: FastifyReply, ...names: string[]) {
  const current = String(reply.getHeader('vary') ?? '');
  const have = new Set(
    current
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean),
  );
  const add = names.filter((n) => !have.has(n.toLowerCase()));
  if (add.length) reply.header('vary', [current, ...add].filter(Boolean).join(', '));
}

export function registerRequestLocale(app: FastifyInstance): void {
  setLocaleSource(() => requestLocale.getStore());
  app.decorateRequest('locale', DEFAULT_LOCALE);
  // Registered before the response cache, whose keys carry the language.
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = localeOf(req);
    requestLocale.run(req.locale, done);
  });
  // Reading a body leaves the request's async context: enter it again before validation and the handler.
  const reenter = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    requestLocale.enterWith(req.locale);
    done();
  };
  app.addHook('preValidation', reenter);
  app.addHook('preHandler', reenter);
  app.addHook('onSend', (req, reply, _payload, done) => {
    vary(reply, ...languageVary(wantsPage(req)));
    done();
  });
}
