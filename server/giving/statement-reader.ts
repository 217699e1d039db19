/**
 * Reads statement files off the request thread. Parsing an upload is CPU work on bytes anyone with
 * the finance role sends: in a worker thread, with a heap limit of its own and a time cap after
 * which it is terminated, a hostile or merely huge file costs that worker, never the event loop
 * that answers every other request, /healthz and SIGTERM. At most two files are read at once; one
 * idle worker is kept a while for the next upload.
 */
import { Worker } from 'node:worker_threads';
import type { ColumnMapping, ParsedStatement } from './statement-file';
import { StatementError } from './statement-limits';
import type { ReadAnswer, ReadRequest } from './statement-worker';

export interface ReadLimits {
  timeoutMs: number;
  /** The worker's old-generation heap. */
  heapMb: number;
}

/** A 5 MB export of any kind reads in a few seconds, in under 200 MB of heap (parse5's tree of HTML is the largest). */
export const STATEMENT_READ_LIMITS: ReadLimits = { timeoutMs: 15_000, heapMb: 256 };
const MAX_READERS = 2;
const IDLE_MS = 30_000;

/**
 * Built, the worker is dist/server/statement-worker.js beside main.js (an entry of its own in
 * scripts/build.mjs); from the sources (tsx, vitest) it is the .ts beside this file.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './statement-worker.ts' : './statement-worker.js', import.meta.url);

function startWorker(limits: ReadLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 };
  if (!fromSource) return new Worker(WORKER_FILE, { resourceLimits });
  // Node 20 ignores --import in a worker's execArgv: tsx is registered from inside the worker.
  const [tsx, worker] = [import.meta.resolve('tsx/esm/api'), WORKER_FILE.href].map((url) => JSON.stringify(url));
  const boot = `import(${tsx}).then(({ register }) => { register(); return import(${worker}); });`;
  return new Worker(boot, { eval: true, execArgv: [], resourceLimits });
}

let idle: { worker: Worker; timer: NodeJS.Timeout; forget: () => void } | undefined;

/** Keeps a worker that answered for the next upload, a while; one is enough. */
function park(worker: Worker) {
  if (idle) {
    void worker.terminate();
    return;
  }
  const forget = () => {
    if (idle?.worker === worker) idle = undefined;
  };
  const timer = setTimeout(() => void worker.terminate(), IDLE_MS).unref();
  idle = { worker, timer, forget };
  worker.once('exit', forget).unref();
}

function takeIdle(): Worker | undefined {
  if (!idle) return undefined;
  const { worker, timer, forget } = idle;
  idle = undefined;
  clearTimeout(timer);
  // Only this module's listeners go: Worker keeps listeners of its own on itself.
  worker.off('exit', forget).ref();
  return worker;
}

let reading = 0;
const waiting: (() => void)[] = [];

/** Reads the file in a worker: the statement, or a StatementError saying why it is refused. */
export async function readStatementOffThread(
  file: Buffer,
  mapping?: ColumnMapping,
  limits: ReadLimits = STATEMENT_READ_LIMITS,
): Promise<ParsedStatement> {
  if (reading < MAX_READERS) reading++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await readInWorker(file, mapping, limits);
  } finally {
    // The turn passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

function readInWorker(file: Buffer, mapping: ColumnMapping | undefined, limits: ReadLimits) {
  // Other limits (tests) get a worker of their own, never kept.
  const reusable = limits === STATEMENT_READ_LIMITS;
  const worker = (reusable && takeIdle()) || startWorker(limits);
  return new Promise<ParsedStatement>((resolve, reject) => {
    const settle = (healthy: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (healthy && reusable) park(worker);
      else void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(false);
      reject(new StatementError('statements.readTooSlow', undefined, { seconds: limits.timeoutMs / 1000 }));
    }, limits.timeoutMs);
    const onMessage = (answer: ReadAnswer) => {
      settle(true);
      if ('statement' in answer) resolve(answer.statement);
      else if ('refused' in answer)
        reject(new StatementError(answer.refused.key, answer.refused.header, answer.refused.vars));
      else reject(new Error(`Reading a statement failed: ${answer.failed}`));
    };
    const onError = (error: Error & { code?: string }) => {
      settle(false);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new StatementError('statements.readTooBig') : error);
    };
    const onExit = (code: number) => {
      settle(false);
      reject(new Error(`The statement reader stopped with exit code ${code}`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ file, mapping } satisfies ReadRequest);
  });
}
