/**
 * The data-saver choice in the browser. `<html data-saver="on">` is the truth once the page is
 * loaded (the server writes it; the switch and the browser's own saveData change it); a page
 * rendered on the server reads it from its query cache, which the server fills per request.
 */
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useSyncExternalStore } from 'react';
import { DATA_SAVER_COOKIE, DATA_SAVER_COOKIE_MAX_AGE, DATA_SAVER_KEY } from '../../shared/data-saver';
import { applyWebFonts } from './web-fonts';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const inDocument = () => document.documentElement.dataset.saver === 'on';

export function useDataSaver(): boolean {
  // The context, not useQueryClient: a part rendered on its own (a test) has no query client.
  const queryClient = useContext(QueryClientContext);
  return useSyncExternalStore(subscribe, inDocument, () =>
    typeof document === 'undefined' ? queryClient?.getQueryData(DATA_SAVER_KEY) === true : inDocument(),
  );
}

/** Turns data saver on or off for this page and, by its cookie, for every page after it. */
export function setDataSaver(on: boolean): void {
  const root = document.documentElement;
  if (on) root.dataset.saver = 'on';
  else {
    delete root.dataset.saver;
    // Turned off by the visitor: the web fonts at once.
    applyWebFonts();
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${DATA_SAVER_COOKIE}=${on ? 'on' : 'off'}; Path=/; Max-Age=${DATA_SAVER_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}
