/**
 * CPU work on input strangers or staff wrote (a statement file, an edition's Markdown, a receipt's
 * layout), run in worker threads instead of on the event loop that answers every other request,
 * /healthz and SIGTERM. Each worker has a heap of its own and a time cap after which it is ended,
 * so a hostile or merely heavy input costs that worker only. At most `concurrency` run at once
 * (the others wait their turn; a small machine has two cores and the site keeps one); one idle
 * worker is kept a while for the next task, without holding the process open.
 *
 * A worker module answers each message with one message. Built, it is an entry of its own beside
 * dist/server/main.js (scripts/build.mjs); from the sources (tsx, vitest) it is the .ts file.
 */
import { Worker } from 'node:worker_threads';
import { createSemaphore } from './semaphore';

export interface ThreadLimits {
  timeoutMs: number;
  /** The worker's old-generation heap. */
  heapMb: number;
}

export interface WorkerThreadsOptions {
  /** `import.meta.url` of the module that starts the workers: the worker's file is found beside it. */
  from: string;
  /** The worker's module beside `from`, from the sources: './statement-worker.ts'. */
  source: string;
  /** Its built entry beside dist/server/main.js: './statement-worker.js'. */
  built: string;
  limits: ThreadLimits;
  youngHeapMb: number;
  concurrency: number;
  /** What the work is called in the errors of a worker that stops. */
  name: string;
  /** The error a task past its time cap fails with. */
  tooSlow: (limits: ThreadLimits) => Error;
  /** The error a task that used up its worker's heap fails with. */
  tooBig: () => Error;
}

export interface WorkerThreads<Request, Answer> {
  /**
   * The worker's answer to `request`, and the thread that gave it. Limits other than the
   * options' (tests) get a worker of their own, never kept.
   */
  run(request: Request, limits?: ThreadLimits): Promise<{ answer: Answer; threadId: number }>;
}

const IDLE_MS = 30_000;

export function workerThreads<Request, Answer>(options: WorkerThreadsOptions): WorkerThreads<Request, Answer> {
  const fromSource = options.from.endsWith('.ts');
  const file = new URL(fromSource ? options.source : options.built, options.from);

  function start(limits: ThreadLimits): Worker {
    const resourceLimits = { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: options.youngHeapMb };
    if (!fromSource) return new Worker(file, { resourceLimits });
    // Node 20 ignores --import in a worker's execArgv: tsx is registered from inside the worker.
    const [tsx, worker] = [import.meta.resolve('tsx/esm/api'), file.href].map((url) => JSON.stringify(url));
    const boot = `import(${tsx}).then(({ register }) => { register(); return import(${worker}); });`;
    return new Worker(boot, { eval: true, execArgv: [], resourceLimits });
  }

  let idle: { worker: Worker; timer: NodeJS.Timeout; forget: () => void } | undefined;

  /** Keeps a worker that answered for the next task, a while; one is enough. */
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

  function inWorker(request: Request, limits: ThreadLimits): Promise<{ answer: Answer; threadId: number }> {
    const reusable = limits === options.limits;
    const worker = (reusable && takeIdle()) || start(limits);
    return new Promise((resolve, reject) => {
      const settle = (healthy: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (healthy && reusable) park(worker);
        else void worker.terminate();
      };
      const timer = setTimeout(() => {
        settle(false);
        reject(options.tooSlow(limits));
      }, limits.timeoutMs);
      const onMessage = (answer: Answer) => {
        const threadId = worker.threadId;
        settle(true);
        resolve({ answer, threadId });
      };
      const onError = (error: Error & { code?: string }) => {
        settle(false);
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? options.tooBig() : error);
      };
      const onExit = (code: number) => {
        settle(false);
        reject(new Error(`The ${options.name} stopped with exit code ${code}`));
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(request);
    });
  }

  const turns = createSemaphore(options.concurrency);
  return { run: (request, limits = options.limits) => turns.run(() => inWorker(request, limits)) };
}
