/**
 * The worker thread that renders editions (started by renderer.ts): one request at a time, a
 * body's Markdown to its stored HTML and excerpt, or a stored body into the whole mail. Whatever
 * a text does to this thread (a slow parse, a deep recursion), the server's event loop goes on.
 */
import { parentPort } from 'node:worker_threads';
import { createElement } from 'react';
import '../../../shared/messages/all';
import { LOCALE_CODES, type Locale, type MessageKey, setOverrides } from '../../../shared/messages';
import { type RenderedMail, renderMail } from '../../mail/compose';
import { EditionMail, type EditionMailProps } from './mail';
import { editionExcerpt, MarkdownRefusal, renderEditionMarkdown, styleForMail } from './markdown';

export type RenderRequest =
  /** A body's Markdown: its sanitised HTML, as the archive shows it, and its excerpt. */
  | { kind: 'body'; source: string; siteUrl: string }
  /**
   * A mail around a body's stored HTML, which is styled for mail here; `texts` are the staff's
   * corrections of the interface texts in force where it was asked for.
   */
  | { kind: 'mail'; props: EditionMailProps; siteUrl: string; texts: Record<Locale, Partial<Record<string, string>>> };

export interface RenderedBody {
  html: string;
  excerpt: string;
}

export type RenderAnswer =
  | { body: RenderedBody }
  | { mail: RenderedMail }
  | { refused: { key: MessageKey; vars: Record<string, number> } }
  /** Not the text's fault: a bug, reported as one. */
  | { failed: string };

async function answer(request: RenderRequest): Promise<RenderAnswer> {
  try {
    if (request.kind === 'body') {
      const html = await renderEditionMarkdown(request.source, { siteUrl: request.siteUrl });
      return { body: { html, excerpt: await editionExcerpt(html) } };
    }
    for (const locale of LOCALE_CODES) setOverrides(locale, request.texts[locale]);
    const bodyHtml = await styleForMail(request.props.bodyHtml, request.siteUrl);
    return { mail: await renderMail(createElement(EditionMail, { ...request.props, bodyHtml })) };
  } catch (error) {
    if (error instanceof MarkdownRefusal) return { refused: { key: error.key, vars: error.vars } };
    return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', async (request: RenderRequest) => parentPort!.postMessage(await answer(request)));
