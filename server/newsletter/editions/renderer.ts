/**
 * Renders editions off the request thread. Markdown and the mail around it are CPU work on text
 * staff wrote (a 200 kB body takes about a second, and `marked` has inputs that take far longer):
 * in a worker thread, with a heap limit of its own and a time cap after which it is terminated,
 * a hostile or merely heavy text costs that worker, never the event loop that answers every other
 * request, /healthz and SIGTERM (server/lib/worker-threads.ts). One render runs at a time, so the
 * site keeps a core of a two-core machine. Each body is rendered once, when it is saved, and kept
 * (service.ts): the archive never renders.
 */
import { LOCALE_CODES, type MessageKey, overridesOf } from '../../../shared/messages';
import { type ThreadLimits, workerThreads } from '../../lib/worker-threads';
import type { RenderedMail } from '../../mail/compose';
import type { EditionMailProps } from './mail';
import { MarkdownRefusal } from './markdown';
import type { RenderAnswer, RenderedBody, RenderRequest } from './render-worker';

export type RenderLimits = ThreadLimits;

/** The heaviest body within the bounds renders in about two seconds on a busy two-core machine. */
export const RENDER_LIMITS: RenderLimits = { timeoutMs: 10_000, heapMb: 256 };

const renderers = workerThreads<RenderRequest, RenderAnswer>({
  from: import.meta.url,
  source: './render-worker.ts',
  built: './edition-render-worker.js',
  limits: RENDER_LIMITS,
  youngHeapMb: 32,
  concurrency: 1,
  name: 'edition renderer',
  tooSlow: () => new MarkdownRefusal('editions.renderTooSlow'),
  tooBig: () => new MarkdownRefusal('editions.renderTooBig'),
});

/** Renders asked of a worker since the process started: what the tests count (a read must ask for none). */
let renders = 0;

export const renderCount = () => renders;

/** The answer's result, or the refusal (a MarkdownRefusal naming its message) or failure it carries. */
async function render(request: RenderRequest, limits: RenderLimits): Promise<RenderedBody | RenderedMail> {
  renders++;
  const { answer } = await renderers.run(request, limits);
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
