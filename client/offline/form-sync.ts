/**
 * The page's side of the outbox (client/offline/form-outbox.ts), loaded when a form gets no answer
 * or a page opens while forms are kept (client/offline/forms-kept.ts): keeps the form, and sends
 * what is kept at once and whenever the browser is online again. Where the browser has Background Sync the service worker also sends them, even
 * with the site closed; the form's clientId makes a form that both send stored once.
 */
import { hasQueuedForms, type QueuedForm, SEND_FORMS_TAG, saveForm, sendQueuedForms } from './form-outbox';
import { markFormsKept } from './forms-kept';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the service worker, if there is one, to send the outbox once the phone is online. */
async function askForSync(): Promise<void> {
  const container = navigator.serviceWorker;
  // `ready` never settles without a worker: ask only where one is registered.
  if (!container || !(await container.getRegistration())) return;
  const registration = (await container.ready) as SyncRegistration;
  await registration.sync?.register(SEND_FORMS_TAG);
}

/** Keeps the form on the phone; false when the browser cannot (no IndexedDB, storage refused). */
export async function keepForm(entry: QueuedForm): Promise<boolean> {
  try {
    await saveForm(entry);
  } catch {
    return false;
  }
  markFormsKept(true);
  void askForSync().catch(() => undefined);
  startFormSync();
  return true;
}

async function sendKept(): Promise<void> {
  if (!navigator.onLine) return;
  if (await hasQueuedForms()) {
    const { left } = await sendQueuedForms();
    if (left > 0) return;
  }
  markFormsKept(false);
}

let started = false;

export function startFormSync(): void {
  if (started) return;
  started = true;
  const send = () => void sendKept().catch(() => undefined);
  addEventListener('online', send);
  send();
}
