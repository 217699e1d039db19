/**
 * The app in the browser, started by client/boot.ts. A server-rendered page is hydrated with the data the server rendered it
 * from (a JSON script, which the strict CSP allows since it never runs); the sign-in page and the
 * admin area arrive empty and are rendered here.
 */
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale, setLocale, setOverrides } from '../shared/messages';
import { APP_DATA_ID, type PageData, TEXT_OVERRIDES_ID } from '../shared/page-data';
import { LANGUAGE_PARAM } from '../shared/page-language';
import { App } from './app';
import { createQueryClient } from './app-providers';
import { loadMessages } from './lib/catalogue';
import { rememberLanguage } from './lib/language';
import { matchPublicPage } from './routes';

// The server wrote the page in the visitor's language: the app goes on in it, with its texts only.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
setLocale(locale);
// A shared link in a language (?lang=ha) makes that language the visitor's choice from now on.
if (new URLSearchParams(location.search).has(LANGUAGE_PARAM)) rememberLanguage(locale);
const messages = loadMessages(locale);
// Staff's corrections of this language's texts, which the server rendered the page with.
const overrides = document.getElementById(TEXT_OVERRIDES_ID)?.textContent;
if (overrides) setOverrides(locale, JSON.parse(overrides) as Record<string, string>);

const queryClient = createQueryClient();
const data = document.getElementById(APP_DATA_ID)?.textContent;
if (data) {
  const page = JSON.parse(data) as PageData;
  // A refused form post came back at the form's REST path: show the page at its own address.
  if (page.path !== location.pathname) history.replaceState(history.state, '', page.path + location.hash);
  const state = page.state as DehydratedState;
  // The page was rendered from the data's current version (the server drops a cached page on any
  // change), so its data counts as fresh from now on rather than from when it was first rendered.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The server leaves the root empty (but for a marker comment) where the browser renders. Where it
// rendered, the page's own code (preloaded by the page's head) is in before hydration starts, so
// the whole page hydrates in one pass and its markup is never replaced by a loading state.
if (root.firstElementChild)
  void Promise.all([messages, matchPublicPage(location.pathname).page.preload()]).then(() => hydrateRoot(root, app));
else void messages.then(() => createRoot(root).render(app));
