/**
 * An edition's Markdown as HTML that is safe in a mail and on the site: rendered with `marked`,
 * then sanitised with `sanitize-html` against an allow-list. Whatever an editor pastes (a
 * <script>, an onerror attribute, a javascript: or data: link, a remote image that would tell a
 * tracker who opened the mail) never reaches a reader. Links stay as written: no tracking
 * redirects. The rules are listed in docs/newsletter.md.
 *
 * Rendering is CPU work on text staff wrote: the server runs it in a worker thread with a time cap
 * (renderer.ts), once per save, and keeps the result. Markdown past the bounds of
 * shared/markdown-bounds.ts is refused before it is parsed, and what it parsed to is refused
 * when it nests deeper than they allow.
 */
import { Marked, type Token } from 'marked';
import type sanitizeHtml from 'sanitize-html';
import { UPLOADS_PREFIX } from '../../../shared/constants';
import { MARKDOWN_BOUND_MESSAGES, MARKDOWN_LIMITS, markdownPastBound } from '../../../shared/markdown-bounds';
import type { MessageKey } from '../../../shared/messages';

/** Markdown refused: the message's key and its `{max}`, told in the language of whoever asked. */
export class MarkdownRefusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, number> = {},
  ) {
    super(key);
    this.name = 'MarkdownRefusal';
  }
}

const pastBound = (bound: keyof typeof MARKDOWN_BOUND_MESSAGES) =>
  new MarkdownRefusal(MARKDOWN_BOUND_MESSAGES[bound], { max: MARKDOWN_LIMITS[bound] });

// Loaded with the first edition rendered: it brings a CSS parser, some 10 MB that a process
// rendering none (a CLI, an instance serving only pages already cached) never needs.
let sanitizer: Promise<typeof sanitizeHtml> | undefined;
const loadSanitizer = () => {
  sanitizer ??= import('sanitize-html').then((module) => module.default);
  return sanitizer;
};

// A parser of our own: marked's shared instance is configurable by any other module.
const markdown = new Marked({ gfm: true, breaks: true, async: false });

const TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
};

/** An image this site serves: an upload, by its path or its address on PUBLIC_URL. Anything else is remote. */
const isOwnImage = (src: string | undefined, siteUrl: string) => {
  if (!src) return false;
  if (src.startsWith(UPLOADS_PREFIX)) return true;
  try {
    const url = new URL(src);
    return url.origin === new URL(siteUrl).origin && url.pathname.startsWith(UPLOADS_PREFIX);
  } catch {
    return false;
  }
};

/**
 * The addresses a reader may be sent to or shown, exactly as written: http(s), mailto, tel, or a
 * path of this site. Anything else (a fragment, a relative or protocol-relative reference, a
 * scheme hidden behind a Unicode space that sanitize-html does not strip) loses its href or src.
 */
const FOLLOWABLE = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\]))/i;
const keepFollowable = (tagName: string, attribs: sanitizeHtml.Attributes) => {
  const name = tagName === 'img' ? 'src' : 'href';
  if (attribs[name] === undefined || FOLLOWABLE.test(attribs[name])) return { tagName, attribs };
  const { [name]: _dropped, ...rest } = attribs;
  return { tagName, attribs: rest };
};

/** Paths of this site written as links ("/campaigns") made absolute, for a mail read elsewhere. */
const absolute = (href: string, siteUrl: string) =>
  href.startsWith('/') && !href.startsWith('//') ? new URL(href, siteUrl).href : href;

// The slot markers of mail templates (mail/compose.ts): an editor's text must not fill a slot.
const SLOT_MARKS = /[\u2983\u2984]/g;

export interface MarkdownTarget {
  /** PUBLIC_URL: what an own image's address is checked against, and relative links resolve to in mail. */
  siteUrl: string;
  /** A mail: every link and image absolute, and the styles inline (mail programs drop style sheets). */
  mail?: boolean;
}

/** How deep quotes and lists go in what marked parsed, counted without recursion. */
function nestingOf(tokens: Token[]): number {
  let deepest = 0;
  const todo: [Token[], number][] = [[tokens, 0]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [list, depth] = next;
    for (const token of list) {
      const here = token.type === 'blockquote' || token.type === 'list' ? depth + 1 : depth;
      deepest = Math.max(deepest, here);
      if (token.type === 'list') todo.push([token.items, here]);
      else if ('tokens' in token && token.tokens) todo.push([token.tokens, here]);
    }
  }
  return deepest;
}

/** marked's HTML of an edition's Markdown, or a MarkdownRefusal past a bound. */
function parseMarkdown(source: string): string {
  const bound = markdownPastBound(source);
  if (bound) throw pastBound(bound);
  let tokens: Token[];
  try {
    tokens = markdown.lexer(source.replace(SLOT_MARKS, ''));
  } catch (error) {
    // Nesting the line-by-line bound cannot see overflows the parser's stack: refused as nesting.
    throw error instanceof RangeError ? pastBound('nesting') : new MarkdownRefusal('editions.cannotRender');
  }
  if (nestingOf(tokens) > MARKDOWN_LIMITS.nesting) throw pastBound('nesting');
  return markdown.parser(tokens);
}

/** The sanitised HTML of an edition's Markdown; a MarkdownRefusal past a bound. */
export async function renderEditionMarkdown(source: string, target: MarkdownTarget): Promise<string> {
  const sanitizeHtml = await loadSanitizer();
  const html = parseMarkdown(source);
  const clean = sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: { a: keepFollowable, img: keepFollowable },
    // A remote image is a tracking pixel as far as the reader can tell: only uploads stay.
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src, target.siteUrl),
  });
  return target.mail ? forMail(sanitizeHtml, clean, target.siteUrl) : clean;
}

/** Sanitised HTML (renderEditionMarkdown's, as stored) styled for a mail. */
export async function styleForMail(clean: string, siteUrl: string): Promise<string> {
  return forMail(await loadSanitizer(), clean, siteUrl);
}

/** The styles of a mail's body (layout.tsx has the frame's), set on clean HTML whatever it held. */
const MAIL_STYLES: Record<string, string> = {
  h1: 'font-size:22px;line-height:28px;font-weight:700;color:#011513;margin:20px 0 10px',
  h2: 'font-size:20px;line-height:26px;font-weight:700;color:#011513;margin:20px 0 10px',
  h3: 'font-size:18px;line-height:24px;font-weight:700;color:#011513;margin:16px 0 8px',
  h4: 'font-size:16px;line-height:22px;font-weight:700;color:#011513;margin:16px 0 8px',
  p: 'font-size:16px;line-height:24px;margin:0 0 12px',
  ul: 'font-size:16px;line-height:24px;margin:0 0 12px;padding-left:22px',
  ol: 'font-size:16px;line-height:24px;margin:0 0 12px;padding-left:22px',
  li: 'margin:0 0 4px',
  a: 'color:#0b3b34;text-decoration:underline',
  img: 'display:block;max-width:100%;height:auto;border:0;border-radius:8px;margin:8px 0 12px',
  blockquote: 'margin:0 0 12px;padding:4px 0 4px 14px;border-left:4px solid #ffd02f;color:#4d5b58',
  hr: 'border:0;border-top:1px solid #d9dfdd;margin:20px 0',
  pre: 'white-space:pre-wrap;background:#e6f0ee;border-radius:6px;padding:10px;font-size:14px',
  code: 'font-family:Menlo,Consolas,monospace;font-size:14px',
  table: 'border-collapse:collapse;margin:0 0 12px;font-size:15px',
  th: 'border:1px solid #d9dfdd;padding:6px 8px;text-align:left',
  td: 'border:1px solid #d9dfdd;padding:6px 8px',
};

function forMail(sanitizeHtml: typeof import('sanitize-html'), clean: string, siteUrl: string): string {
  const styled = Object.fromEntries(
    Object.entries(MAIL_STYLES).map(([tag, style]) => [
      tag,
      (tagName: string, attribs: sanitizeHtml.Attributes) => {
        const next: sanitizeHtml.Attributes = { ...attribs, style };
        if (tagName === 'a' && attribs.href) next.href = absolute(attribs.href, siteUrl);
        if (tagName === 'img' && attribs.src) next.src = absolute(attribs.src, siteUrl);
        return { tagName, attribs: next };
      },
    ]),
  );
  return sanitizeHtml(clean, {
    allowedTags: TAGS,
    allowedAttributes: Object.fromEntries(TAGS.map((tag) => [tag, [...(ATTRIBUTES[tag] ?? []), 'style']])),
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // Only what transformTags writes: the input was already clean and had no style attributes.
    parseStyleAttributes: false,
    transformTags: styled,
  });
}

/** The first `words` words of plain text, and never more than 400 characters: an excerpt. */
function firstWords(text: string, words = 30): string {
  const list = text.replace(/\s+/g, ' ').trim().split(' ');
  const start = list.length > words ? `${list.slice(0, words).join(' ')}…` : list.join(' ');
  return start.length > 400 ? `${start.slice(0, 399)}…` : start;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A body shown as the plain text it was written as, a paragraph between blank lines: for Markdown
 * kept from before the bounds that the renderer refuses. Linear, and safe as it is escaped.
 */
export function plainTextBody(source: string): { html: string; excerpt: string } {
  const text = source.replace(SLOT_MARKS, '');
  const html = text
    .split(/\n[ \t\r]*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>\n')}</p>`)
    .join('\n');
  return { html, excerpt: firstWords(text) };
}

/** The first words of an edition's sanitised HTML as plain text: the archive list's excerpt. */
export async function editionExcerpt(clean: string): Promise<string> {
  const sanitizeHtml = await loadSanitizer();
  return firstWords(
    sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} })
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );
}
