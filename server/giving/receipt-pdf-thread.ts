/**
 * Makes receipt PDFs off the request thread. A receipt's layout is tens of milliseconds of CPU:
 * on the event loop, a few clients asking for receipts would hold every other request, /healthz
 * included. Here one worker thread makes them one at a time (a small machine has two cores, and
 * the site keeps one for itself), with a heap of its own and a time cap after which it is ended;
 * it is kept a while after its last receipt for the next, then ended, so a process that makes no
 * receipt holds no PDF library.
 *
 * Each receipt made is published on the diagnostics channel RECEIPT_BUILT_CHANNEL with the
 * worker's thread id: what the tests count, and what an operator may watch.
 */
import diagnostics from 'node:diagnostics_channel';
import { Worker } from 'node:worker_threads';
import { createSemaphore } from '../lib/semaphore';
import type { ReceiptDocument } from './receipt-pdf';
import type { BuildAnswer } from './receipt-pdf-worker';

/** A receipt is a page: it is made in well under a second, or something is wrong. */
const BUILD_TIMEOUT_MS = 20_000;
const HEAP_MB = 128;
const IDLE_MS = 30_000;

export const RECEIPT_BUILT_CHANNEL = 'foundation.receipt-pdf.built';
export interface ReceiptBuilt {
  language: string;
  bytes: number;
  /** The thread that made it: a worker's, never the main thread's (0). */
  threadId: number;
}
const built = diagnostics.channel(RECEIPT_BUILT_CHANNEL);

/**
 * Built, the worker is dist/server/receipt-pdf-worker.js beside main.js (an entry of its own in
 * scripts/build.mjs); from the sources (tsx, vitest) it is the .ts beside this file.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './receipt-pdf-worker.ts' : './receipt-pdf-worker.js', import.meta.url);

function startWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 16 };
  if (!fromSource) return new Worker(WORKER_FILE, { resourceLimits });
  // Node 20 ignores --import in a worker's execArgv: tsx is registered from inside the worker.
  const [tsx, worker] = [import.meta.resolve('tsx/esm/api'), WORKER_FILE.href].map((url) => JSON.stringify(url));
  const boot = `import(${tsx}).then(({ register }) => { register(); return import(${worker}); });`;
  return new Worker(boot, { eval: true, execArgv: [], resourceLimits });
}

/** The worker, while there is one, and the timer that ends it once idle. */
let kept: { worker: Worker; idle?: NodeJS.Timeout } | undefined;

function takeWorker(): Worker {
  if (kept) {
    clearTimeout(kept.idle);
    kept.worker.ref();
    return kept.worker;
  }
  const worker = startWorker();
  const current = { worker };
  kept = current;
  worker.once('exit', () => {
    if (kept === current) kept = undefined;
  });
  return worker;
}

/** After a receipt: kept for the next one a while, without holding the process open. */
function rest(worker: Worker) {
  if (kept?.worker !== worker) return;
  kept.idle = setTimeout(() => discard(worker), IDLE_MS).unref();
  worker.unref();
}

/** After a failure: this worker is ended, and the next receipt starts another. */
function discard(worker: Worker) {
  if (kept?.worker === worker) kept = undefined;
  void worker.terminate();
}

const turns = createSemaphore(1);

/** The receipt's PDF bytes, made in the worker thread. */
export function buildReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  return turns.run(() => buildInWorker(receipt));
}

function buildInWorker(receipt: ReceiptDocument): Promise<Buffer> {
  const worker = takeWorker();
  return new Promise<Buffer>((resolve, reject) => {
    const settle = (healthy: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (healthy) rest(worker);
      else discard(worker);
    };
    const timer = setTimeout(() => {
      settle(false);
      reject(new Error(`A receipt PDF took more than ${BUILD_TIMEOUT_MS / 1000} s to make`));
    }, BUILD_TIMEOUT_MS);
    const onMessage = (answer: BuildAnswer) => {
      settle(true);
      if ('failed' in answer) {
        reject(new Error(`Making a receipt PDF failed: ${answer.failed}`));
        return;
      }
      const pdf = Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
      if (built.hasSubscribers) {
        built.publish({
          language: receipt.language,
          bytes: pdf.length,
          threadId: worker.threadId,
        } satisfies ReceiptBuilt);
      }
      resolve(pdf);
    };
    const onError = (error: Error) => {
      settle(false);
      reject(error);
    };
    const onExit = (code: number) => {
      settle(false);
      reject(new Error(`The receipt PDF worker stopped with exit code ${code}`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(receipt);
  });
}
