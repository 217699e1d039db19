/**
 * Public forms kept on the phone while no answer comes, in IndexedDB (`foundation-forms`, store
 * `outbox`), so closing the tab loses nothing. They are posted to the form's REST path once the
 * phone is online again: by the service worker on Background Sync's `send-forms`, or by the page at
 * its next load and when the browser says it is back online (client/offline/form-sync.ts). Each
 * carries its `clientId`, so the server stores it once however often it arrives.
 *
 * Used by a window and by the service worker alike: no DOM, no React, no zod.
 */

export interface QueuedForm {
  /** The form's id (a UUID), also its key here. */
  clientId: string;
  /** The form's REST path, e.g. '/api/submissions/contact/register'. */
  path: string;
  /** The form's fields as the JSON post sends them. */
  body: Record<string, unknown>;
  /** When it was kept (ISO time). */
  savedAt: string;
  /** The page's language: the server answers and mails the sender in it. */
  language?: string | undefined;
}

export const OUTBOX_DATABASE = 'foundation-forms';
const STORE = 'outbox';
/** Background Sync's tag for the outbox, which the service worker answers. */
export const SEND_FORMS_TAG = 'send-forms';

function openOutbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'clientId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One request in its own transaction, answered once the transaction is done (so written). */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openOutbox();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export async function saveForm(entry: QueuedForm): Promise<void> {
  await inStore('readwrite', (store) => store.put(entry));
}

/**
 * Whether any form waits, without making the database for a visitor who never kept one (where the
 * browser can list its databases).
 */
export async function hasQueuedForms(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (indexedDB.databases) {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes(OUTBOX_DATABASE)) return false;
  }
  return (await inStore('readonly', (store) => store.count())) > 0;
}

type Outcome = 'sent' | 'refused' | 'kept';

async function post(entry: QueuedForm): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(entry.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...(entry.language && { 'accept-language': entry.language }) },
      body: JSON.stringify({ ...entry.body, clientId: entry.clientId }),
    });
  } catch {
    return 'kept';
  }
  if (response.ok) return 'sent';
  // A refusal will not change by sending again; a timeout, a rate limit or a server fault may.
  const { status } = response;
  return status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'refused' : 'kept';
}

async function sendAll(): Promise<{ sent: number; left: number }> {
  const entries = (await inStore('readonly', (store) => store.getAll())) as QueuedForm[];
  entries.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
  let sent = 0;
  for (const [i, entry] of entries.entries()) {
    const outcome = await post(entry);
    // No answer: the phone is still offline, so the rest waits too.
    if (outcome === 'kept') return { sent, left: entries.length - i };
    await inStore('readwrite', (store) => store.delete(entry.clientId));
    if (outcome === 'sent') sent++;
  }
  return { sent, left: 0 };
}

/**
 * Posts every kept form, oldest first: an answer of 2xx, or a refusal (4xx but 408 and 429),
 * removes it; no answer or a server fault keeps it for the next time. The page and the service
 * worker take turns (a Web Lock) so one form is not posted by both at once.
 */
export async function sendQueuedForms(): Promise<{ sent: number; left: number }> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? await locks.request('foundation-send-forms', sendAll) : sendAll();
}
