/**
 * Renders editions off the request thread. Markdown and the mail around it are CPU work on text
 * staff wrote (a 200 kB body takes about a second, and `marked` has inputs that take far longer):
 * in a worker thread, with a heap limit of its own and a time cap after which it is terminated,
 * a hostile or merely heavy text costs that worker, never the event loop that answers every other
 * request, /healthz and SIGTERM. One render runs at a time (the others wait their turn), so the
 * site keeps a core of a two-core machine; one idle worker is kept a while for the next. Each
 * body is rendered once, when it is saved, and kept (service.ts): the archive never renders.
 */
import { Worker } from 'node:worker_threads';
import { LOCALE_CODES, type MessageKey, overridesOf } from '../../../shared/messages';
import type { RenderedMail } from '../../mail/compose';
import type { EditionMailProps } from './mail';
import { MarkdownRefusal } from './markdown';
import type { RenderAnswer, RenderedBody, RenderRequest } from './render-worker';

export interface RenderLimits {
  timeoutMs: number;
  /** The worker's old-generation heap. */
  heapMb: number;
}

/** The heaviest body within the bounds renders in about two seconds on a busy two-core machine. */
export const RENDER_LIMITS: RenderLimits = { timeoutMs: 10_000, heapMb: 256 };
const IDLE_MS = 30_000;

/**
 * Built, the worker is dist/server/edition-render-worker.js beside main.js (an entry of its own
 * in scripts/build.mjs); from the sources (tsx, vitest) it is the .ts beside this file.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './render-worker.ts' : './edition-render-worker.js', import.meta.url);

function startWorker(limits: RenderLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 };
  if (!fromSource) return new Worker(WORKER_FILE, { resourceLimits });
  // Node 20 ignores --import in a worker's execArgv: tsx is registered from inside the worker.
  const [tsx, worker] = [import.meta.resolve('tsx/esm/api'), WORKER_FILE.href].map((url) => JSON.stringify(url));
  const boot = `import(${tsx}).then(({ register }) => { register(); return import(${worker}); });`;
  return new Worker(boot, { eval: true, execArgv: [], resourceLimits });
}

let idle: { worker: Worker; timer: NodeJS.Timeout; forget: () => void } | undefined;

/** Keeps a worker that answered for the next render, a while. */
function park(worker: Worker) {
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

let rendering = false;
const waiting: (() => void)[] = [];
/** Renders asked of a worker since the process started: what the tests count (a read must ask for none). */
let renders = 0;

export const renderCount = () => renders;

/** One render at a time, first come first served. */
async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (rendering) await new Promise<void>((resolve) => waiting.push(resolve));
  else rendering = true;
  try {
    return await task();
  } finally {
    // The turn passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else rendering = false;
  }
}

function inWorker(request: RenderRequest, limits: RenderLimits): Promise<RenderAnswer> {
  renders++;
  // Other limits (tests) get a worker of their own, never kept.
  const reusable = limits === RENDER_LIMITS;
  const worker = (reusable && takeIdle()) || startWorker(limits);
  return new Promise<RenderAnswer>((resolve, reject) => {
    const settle = (healthy: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (healthy && reusable) park(worker);
      else void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(false);
      reject(new MarkdownRefusal('editions.renderTooSlow'));
    }, limits.timeoutMs);
    const onMessage = (answer: RenderAnswer) => {
      settle(true);
      resolve(answer);
    };
    const onError = (error: Error & { code?: string }) => {
      settle(false);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new MarkdownRefusal('editions.renderTooBig') : error);
    };
    const onExit = (code: number) => {
      settle(false);
      reject(new Error(`The edition renderer stopped with exit code ${code}`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request);
  });
}

/** The answer's result, or the refusal (a MarkdownRefusal naming its message) or failure it carries. */
async function render(request: RenderRequest, limits: RenderLimits): Promise<RenderedBody | RenderedMail> {
  const answer = await inTurn(() => inWorker(request, limits));
  if ('body' in answer) return answer.body;
  if ('mail' in answer) return answer.mail;
  if ('refused' in answer) throw new MarkdownRefusal(answer.refused.key as MessageKey, answer.refused.vars);
  throw new Error(`Rendering an edition failed: ${answer.failed}`);
}

/** A body's sanitised HTML and excerpt, rendered in the worker; a MarkdownRefusal past a bound or the time cap. */
export function renderBodyOffThread(source: string, siteUrl: string, limits = RENDER_LIMITS): Promise<RenderedBody> {
  return render({ kind: 'body', source, siteUrl }, limits) as Promise<RenderedBody>;
}

/** The mail around a body's stored HTML (`props.bodyHtml`), rendered in the worker with this process's texts. */
export function renderMailOffThread(
  props: EditionMailProps,
  siteUrl: string,
  limits = RENDER_LIMITS,
): Promise<RenderedMail> {
  const texts = Object.fromEntries(LOCALE_CODES.map((locale) => [locale, overridesOf(locale)])) as Record<
    (typeof LOCALE_CODES)[number],
    Partial<Record<string, string>>
  >;
  return render({ kind: 'mail', props, siteUrl, texts }, limits) as Promise<RenderedMail>;
}
