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
import { workerThreads } from '../lib/worker-threads';
import type { ReceiptDocument } from './receipt-pdf';
import type { BuildAnswer } from './receipt-pdf-worker';

export const RECEIPT_BUILT_CHANNEL = 'foundation.receipt-pdf.built';
export interface ReceiptBuilt {
  language: string;
  bytes: number;
  /** The thread that made it: a worker's, never the main thread's (0). */
  threadId: number;
}
const built = diagnostics.channel(RECEIPT_BUILT_CHANNEL);

/** A receipt is a page: it is made in well under a second, or something is wrong. */
const BUILD_LIMITS = { timeoutMs: 20_000, heapMb: 128 };

const builders = workerThreads<ReceiptDocument, BuildAnswer>({
  from: import.meta.url,
  source: './receipt-pdf-worker.ts',
  built: './receipt-pdf-worker.js',
  limits: BUILD_LIMITS,
  youngHeapMb: 16,
  concurrency: 1,
  name: 'receipt PDF worker',
  tooSlow: (limits) => new Error(`A receipt PDF took more than ${limits.timeoutMs / 1000} s to make`),
  tooBig: () => new Error('A receipt PDF needed more memory than its worker has'),
});

/** The receipt's PDF bytes, made in the worker thread. */
export async function buildReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { answer, threadId } = await builders.run(receipt);
  if ('failed' in answer) throw new Error(`Making a receipt PDF failed: ${answer.failed}`);
  const pdf = Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  if (built.hasSubscribers) {
    built.publish({ language: receipt.language, bytes: pdf.length, threadId } satisfies ReceiptBuilt);
  }
  return pdf;
}
