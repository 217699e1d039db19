/**
 * A mark in localStorage while forms wait in the outbox, so a page loads the outbox's code
 * (client/offline/form-sync.ts) only when there is something to send: most visits have nothing.
 * The service worker may send the forms without clearing it; the next page then finds the outbox
 * empty and clears it.
 */
const FORMS_KEPT_KEY = 'forms-kept';

export function formsKept(): boolean {
  try {
    return localStorage.getItem(FORMS_KEPT_KEY) !== null;
  } catch {
    return false;
  }
}

export function markFormsKept(kept: boolean): void {
  try {
    if (kept) localStorage.setItem(FORMS_KEPT_KEY, '1');
    else localStorage.removeItem(FORMS_KEPT_KEY);
  } catch {
    // Storage refused (private mode): the outbox itself is then unlikely to work either.
  }
}
