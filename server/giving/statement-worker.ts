/**
 * The worker thread that reads statement files (started by statement-reader.ts): one request at a
 * time, answered with the statement, or why it is refused. Whatever a file does to this thread
 * (a long parse, a heap at its limit), the server's event loop goes on.
 */
import { parentPort } from 'node:worker_threads';
import { type ColumnMapping, type ParsedStatement, readStatement } from './statement-file';
import { type MessageVars, StatementError, type StatementMessageKey } from './statement-limits';

export interface ReadRequest {
  file: Uint8Array;
  mapping?: ColumnMapping;
}

export type ReadAnswer =
  | { statement: ParsedStatement }
  | { refused: { key: StatementMessageKey; header?: string[]; vars?: MessageVars } }
  /** Not the file's fault: a bug, reported as one. */
  | { failed: string };

async function answer({ file, mapping }: ReadRequest): Promise<ReadAnswer> {
  try {
    const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    return { statement: await readStatement(bytes, 'statement', mapping) };
  } catch (error) {
    if (error instanceof StatementError) return { refused: { key: error.key, header: error.header, vars: error.vars } };
    return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', async (request: ReadRequest) => parentPort!.postMessage(await answer(request)));
