/**
 * Loads a language's texts into the catalogue: the browser downloads only the language it shows
 * (each is its own chunk). The staff area's texts come with its code.
 *
 * A page the server rendered brings the texts it shows with its data, and the app hydrates with
 * those alone: the whole catalogue (about 13 kB) is fetched only once the visitor does something
 * (a tap, a key, focus or a scroll), the app moves to another page (client/routes.tsx), or a part
 * of the page looks up a text it lacks, after which the app renders again with it.
 */
import { addMessages, addOverrides, type Locale, watchTexts } from '../../shared/messages';

const core: Record<Locale, () => Promise<unknown>> = {
  en: () => import('../../shared/messages/en/core'),
  ha: () => import('../../shared/messages/ha/core'),
};
const staffArea: Record<Locale, () => Promise<unknown>> = {
  en: () => import('../../shared/messages/en/staff-area'),
  ha: () => import('../../shared/messages/ha/staff-area'),
};

const loading = new Map<Locale, Promise<unknown>>();

/** The language's whole catalogue, fetched once (again after a failure, e.g. offline). */
export function loadMessages(locale: Locale): Promise<unknown> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = core[locale]().catch((error: unknown) => {
      loading.delete(locale);
      throw error;
    });
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * Staff's corrections of the staff area's texts. A page carries the corrections of the texts it
 * loads (server/texts/overrides.ts): a staff page's shell those of the staff area too, a public page
 * not, so a visitor going from a public page to sign-in fetches them with the staff area's code.
 */
let staffCorrections: Promise<void> | undefined;

/** The page was a staff page's shell: its corrections of the staff area's texts are in place. */
export function staffCorrectionsInPage(): void {
  staffCorrections = Promise.resolve();
}

function loadStaffCorrections(locale: Locale): Promise<void> {
  staffCorrections ??= import('./trpc-calls')
    .then(({ trpcCalls }) => trpcCalls.texts.corrections.query({ locale }))
    .then(
      (texts) => addOverrides(locale, texts),
      // Not fetched (offline): the catalogue's words now, and another try with the next staff page.
      () => {
        staffCorrections = undefined;
      },
    );
  return staffCorrections;
}

/** The staff area's texts in a language, with staff's corrections of them. */
export const loadStaffMessages = (locale: Locale) => Promise.all([staffArea[locale](), loadStaffCorrections(locale)]);

/** What the visitor does that fetches the rest of the texts. */
const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'scroll'] as const;

/**
 * Starts the app with the texts the server sent with its page; `rerender` runs once the whole
 * catalogue is in, if something had looked up a text that was missing until then.
 */
export function startWithPageTexts(locale: Locale, texts: Record<string, string>, rerender: () => void): void {
  addMessages(locale, texts as Parameters<typeof addMessages>[1]);
  let missed = false;
  const stop = () => {
    for (const event of USE_EVENTS) window.removeEventListener(event, fetchAll, true);
  };
  const listen = () => {
    for (const event of USE_EVENTS) window.addEventListener(event, fetchAll, { capture: true, passive: true });
  };
  function fetchAll() {
    stop();
    loadMessages(locale).then(
      () => {
        watchTexts(undefined);
        if (missed) rerender();
      },
      // Not fetched (offline): the next thing the visitor does tries again.
      listen,
    );
  }
  watchTexts((_key, found) => {
    if (found || missed) return;
    missed = true;
    // Not from inside the render that looked it up.
    queueMicrotask(fetchAll);
  });
  listen();
}
