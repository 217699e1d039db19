/**
 * The worker thread that lays out receipt PDFs (started by receipt-pdf-thread.ts): one receipt at
 * a time, answered with its bytes, or why it failed. pdfkit's layout and font subsetting run here,
 * never on the event loop that answers every other request.
 */
import { parentPort } from 'node:worker_threads';
import { type ReceiptDocument, receiptPdf } from './receipt-pdf';

export type BuildAnswer = { pdf: Uint8Array } | { failed: string };

async function answer(receipt: ReceiptDocument): Promise<BuildAnswer> {
  try {
    return { pdf: await receiptPdf(receipt) };
  } catch (error) {
    return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', async (receipt: ReceiptDocument) => parentPort!.postMessage(await answer(receipt)));
