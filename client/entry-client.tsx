/**
 * The app in the browser, started by client/boot.ts. A server-rendered page is hydrated with the data the server rendered it
 * from (a JSON script, which the strict CSP allows since it never runs); the sign-in page and the
 * admin area arrive empty and are rendered here.
 */
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale, setLocale, setOverrides } from '../shared/messages';
import { APP_DATA_ID, type PageData, TEXT_OVERRIDES_ID } from '../shared/page-data';
import { LANGUAGE_PARAM } from '../shared/page-language';
import { App } from './app';
import { createQueryClient } from './app-providers';
import { loadMessages, staffCorrectionsInPage, startWithPageTexts } from './lib/catalogue';
import { rememberLanguage } from './lib/language';
import { formsKept } from './offline/forms-kept';
import { registerServiceWorker } from './offline/register';
import { matchPublicPage } from './routes';

// The server wrote the page in the visitor's language: the app goes on in it, with its texts only.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : 'en';
setLocale(locale);
// A shared link in a language (?lang=ha) makes that language the visitor's choice from now on.
if (new URLSearchParams(location.search).has(LANGUAGE_PARAM)) rememberLanguage(locale);
// Staff's corrections of this language's texts, which the server rendered the page with: of every
// page's texts, and on a staff page's shell (a root left empty) of the staff area's too.
const overrides = document.getElementById(TEXT_OVERRIDES_ID)?.textContent;
if (overrides) setOverrides(locale, JSON.parse(overrides) as Record<string, string>);
const root = document.getElementById('root')!;
if (!root.firstElementChild) staffCorrectionsInPage();

/** Renders the app again once texts it lacked have arrived (client/lib/catalogue.ts). */
let textsVersion = 0;
const textsListeners = new Set<() => void>();
const onTexts = (listener: () => void) => {
  textsListeners.add(listener);
  return () => textsListeners.delete(listener);
};
const textsArrived = () => {
  textsVersion++;
  for (const listener of textsListeners) listener();
};

const queryClient = createQueryClient();
const data = document.getElementById(APP_DATA_ID)?.textContent;
const page = data ? (JSON.parse(data) as PageData) : undefined;
// A rendered page brings the texts it shows: the rest of the catalogue comes when it is needed.
const messages = page?.texts
  ? Promise.resolve(startWithPageTexts(locale, page.texts, textsArrived))
  : loadMessages(locale);
if (page) {
  // A refused form post came back at the form's REST path: show the page at its own address.
  if (page.path !== location.pathname) history.replaceState(history.state, '', page.path + location.hash);
  const state = page.state as DehydratedState;
  // The page was rendered from the data's current version (the server drops a cached page on any
  // change), so its data counts as fresh from now on rather than from when it was first rendered.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}

function Root() {
  useSyncExternalStore(
    onTexts,
    () => textsVersion,
    () => textsVersion,
  );
  return <App queryClient={queryClient} />;
}

/**
 * Runs `work` in a task of its own, after the one running the app's modules. Asking for a page's
 * code appends a preload link for each of its modules: on a slow phone that costs as much as
 * running the modules, and in the same task it made one long task where two short ones do.
 */
const inTaskOfItsOwn = <T,>(work: () => Promise<T>) => new Promise<void>((resolve) => setTimeout(resolve)).then(work);

const app = (
  <StrictMode>
    <Root />
  </StrictMode>
);
// The server leaves the root empty (but for a marker comment) where the browser renders. Where it
// rendered, the page's own code is in before hydration starts, so the whole page hydrates in one
// pass and its markup is never replaced by a loading state. As a transition, hydration yields to
// the browser every few milliseconds instead of holding a slow phone's main thread for the whole
// page; a tap on a part not yet hydrated hydrates it at once.
if (root.firstElementChild)
  void Promise.all([messages, inTaskOfItsOwn(() => matchPublicPage(location.pathname).page.preload())]).then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
else void messages.then(() => createRoot(root).render(app));
// Offline copies and queued forms: the service worker is registered once the page has loaded.
registerServiceWorker();
// Forms kept on this phone while offline go out now and whenever it is online again; a visit
// with none kept loads none of that code.
if (formsKept()) void import('./offline/form-sync').then((sync) => sync.startFormSync());
