/**
 * The offline page: what the service worker (client/sw/service-worker.ts) shows for a page it has
 * no copy of, or must never keep (the staff area, a donor's pledge), while the phone is offline.
 * The worker keeps it in each language when it installs. One small self-contained document: its
 * styles are inline and it runs no script, so it shows the same whichever build's files the phone
 * still has.
 */
import type { FastifyInstance } from 'fastify';
import { FOUNDATION } from '../shared/constants';
import { t } from '../shared/messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The brand's dark green and yellow (client/styles/tokens.css), and the fonts every phone has. */
const STYLE = `
  *{box-sizing:border-box}
  html{color-scheme:dark}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#011513;color:#fff;
    font:1.0625rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;padding:1.5rem}
  main{max-width:32rem;text-align:center}
  .site{display:flex;align-items:center;justify-content:center;gap:.75rem;margin:0 0 2rem;font-weight:600}
  h1{font:700 clamp(1.75rem,6vw,2.5rem)/1.2 Georgia,'Noto Serif',serif;margin:0 0 1rem;color:#ffd02f}
  p{margin:0 0 1.5rem;color:#e6f0ee}
  .actions{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center;margin:0}
  a{display:inline-flex;align-items:center;min-height:48px;padding:.75rem 1.5rem;border-radius:999px;
    font-weight:700;text-decoration:none;color:#fff;border:2px solid #e6f0ee}
  a.primary{background:#ffd02f;border-color:#ffd02f;color:#011513}
  a:focus-visible{outline:3px solid #fff;outline-offset:3px}
`
  .replace(/\n\s*/g, '')
  .trim();

export function offlinePageHtml(locale: string): string {
  const title = t('offlinePage.title');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#011513">
<title>${escapeHtml(`${title} — ${FOUNDATION.name}`)}</title>
<link rel="icon" type="image/svg+xml" href="/images/logo.svg">
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="site"><img src="/images/logo.svg" alt="" width="40" height="40">${escapeHtml(FOUNDATION.name)}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('offlinePage.text'))}</p>
<p class="actions"><a class="primary" href="">${escapeHtml(t('offlinePage.retry'))}</a><a href="/">${escapeHtml(t('offlinePage.home'))}</a></p>
</main>
</body>
</html>
`;
}

export function registerOfflinePage(app: FastifyInstance): void {
  // "Try again" is the address the worker showed this page at: reloading it asks the network again.
  app.get('/offline', { schema: { hide: true } }, (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-language', req.locale)
      .header('x-robots-tag', 'noindex')
      .send(offlinePageHtml(req.locale)),
  );
}
