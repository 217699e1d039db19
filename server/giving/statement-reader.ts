/**
 * Reads statement files off the request thread. Parsing an upload is CPU work on bytes anyone with
 * the finance role sends: in a worker thread, with a heap limit of its own and a time cap after
 * which it is terminated, a hostile or merely huge file costs that worker, never the event loop
 * that answers every other request, /healthz and SIGTERM (server/lib/worker-threads.ts). At most
 * two files are read at once.
 */
import { type ThreadLimits, workerThreads } from '../lib/worker-threads';
import type { ColumnMapping, ParsedStatement } from './statement-file';
import { StatementError } from './statement-limits';
import type { ReadAnswer, ReadRequest } from './statement-worker';

export type ReadLimits = ThreadLimits;

/** A 5 MB export of any kind reads in a few seconds, in under 200 MB of heap (parse5's tree of HTML is the largest). */
export const STATEMENT_READ_LIMITS: ReadLimits = { timeoutMs: 15_000, heapMb: 256 };

const readers = workerThreads<ReadRequest, ReadAnswer>({
  from: import.meta.url,
  source: './statement-worker.ts',
  built: './statement-worker.js',
  limits: STATEMENT_READ_LIMITS,
  youngHeapMb: 32,
  concurrency: 2,
  name: 'statement reader',
  tooSlow: (limits) => new StatementError('statements.readTooSlow', undefined, { seconds: limits.timeoutMs / 1000 }),
  tooBig: () => new StatementError('statements.readTooBig'),
});

/** Reads the file in a worker: the statement, or a StatementError saying why it is refused. */
export async function readStatementOffThread(
  file: Buffer,
  mapping?: ColumnMapping,
  limits: ReadLimits = STATEMENT_READ_LIMITS,
): Promise<ParsedStatement> {
  const { answer } = await readers.run({ file, mapping }, limits);
  if ('statement' in answer) return answer.statement;
  if ('refused' in answer) throw new StatementError(answer.refused.key, answer.refused.header, answer.refused.vars);
  throw new Error(`Reading a statement failed: ${answer.failed}`);
}
