/**
 * renderEditionMarkdown against published XSS payloads (tests/fixtures/xss-payloads.ts): each is
 * rendered for the archive and for a mail, and the result is read back with a browser's HTML
 * parser (parse5) in the places a reader's program puts it (inside an element, as a document's
 * body, and once more after being written out and read again), where nothing may run, load from
 * elsewhere or restyle the page: only the documented tags and attributes, links to http, https,
 * mailto, tel or a path of the site, images from the site's uploads only, and in a mail no style
 * but the renderer's own. Then ordinary Markdown keeps its content and its links as written.
 */
import { type DefaultTreeAdapterMap, parse, parseFragment, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderEditionMarkdown } from '../../server/newsletter/editions/markdown';
import { UPLOADS_PREFIX } from '../../shared/constants';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const SITE = 'https://foundation.example.org';
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** The tags and attributes the renderer documents (docs/newsletter.md); a mail adds its styles. */
const ALLOWED: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  del: [],
  s: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  code: [],
  pre: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
};
/** Never in the output, whatever the allow-list becomes. */
const FORBIDDEN = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'style',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
  'video',
  'audio',
  'source',
  'picture',
];
/** Attributes a browser loads or runs, on any element. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'background',
  'poster',
  'data',
  'lowsrc',
  'dynsrc',
  'xlink:href',
];
const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** Whitespace and control characters, ASCII or not: some browser or mail program has skipped each in a scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/** A URL as a browser reads its scheme: entities already decoded by the parser, then any whitespace or control character dropped, in lower case. */
const normalised = (value: string) => value.replace(INVISIBLE, '').toLowerCase();

/** What is wrong with a URL: an unsafe scheme, or a reference that is neither absolute nor a path of the site. */
function urlProblem(value: string, mail: boolean): string | null {
  const url = normalised(value);
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme) return SAFE_SCHEMES.includes(scheme) ? null : `scheme ${scheme}:`;
  if (url.startsWith('//') || url.startsWith('/\\')) return 'protocol-relative';
  if (!url.startsWith('/')) return 'relative reference that is not a path of the site';
  if (mail) return 'path left relative in a mail';
  return null;
}

/** An upload of this site: its path (the archive), or its address on PUBLIC_URL. */
function isOwnUpload(src: string): boolean {
  if (!src.startsWith(UPLOADS_PREFIX) && !src.startsWith(`${SITE}${UPLOADS_PREFIX}`)) return false;
  const url = new URL(src, SITE);
  return url.origin === SITE && url.pathname.startsWith(UPLOADS_PREFIX) && !url.username && !url.password;
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) {
    yield node;
    if (node.tagName === 'template') yield* elements((node as DefaultTreeAdapterMap['template']).content);
  }
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}

/** The ways a reader's program reads the HTML: inside an element (the archive page), as a mail's body, and again after it is written out. */
function readings(html: string): { name: string; root: Node }[] {
  const doc = parse('<!DOCTYPE html><html><body><div></div></body></html>');
  const body = (doc.childNodes[1] as Element).childNodes[1] as Element;
  const div = body.childNodes[0] as Element;
  const inElement = parseFragment(div, html, {});
  const asBody = parse(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
  return [
    { name: 'inside an element', root: inElement },
    { name: 'as a body', root: asBody },
    { name: 'written out and read again', root: parseFragment(div, serialize(inElement), {}) },
  ];
}

/**
 * Everything unsafe in rendered HTML, as readable lines. `mailStyles` is the style the renderer
 * sets on each tag in a mail (undefined for the archive: no style at all).
 */
function problems(html: string, mailStyles?: Map<string, string>): string[] {
  const mail = mailStyles !== undefined;
  const found = new Set<string>();
  for (const { name, root } of readings(html)) {
    for (const element of elements(root)) {
      const tag = element.tagName.toLowerCase();
      if (name === 'as a body' && ['html', 'head', 'body'].includes(tag)) continue;
      const where = `<${tag}> (${name})`;
      if (FORBIDDEN.includes(tag)) found.add(`forbidden element ${where}`);
      if (element.namespaceURI !== HTML_NS) found.add(`foreign element ${where} in ${element.namespaceURI}`);
      const allowed = ALLOWED[tag];
      if (!allowed) found.add(`element outside the allow-list ${where}`);
      for (const attr of element.attrs) {
        const attrName = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
        if (attrName.startsWith('on')) found.add(`event handler ${attrName} on ${where}`);
        if (attrName === 'style') {
          const expected = mailStyles?.get(tag);
          if (!mail) found.add(`style attribute on ${where}: ${attr.value}`);
          else if (attr.value !== expected) found.add(`style not the renderer's on ${where}: ${attr.value}`);
          continue;
        }
        if (allowed && !allowed.includes(attrName))
          found.add(`attribute ${attrName} outside the allow-list on ${where}`);
        if (URL_ATTRIBUTES.includes(attrName)) {
          const problem = urlProblem(attr.value, mail);
          if (problem) found.add(`${attrName}="${attr.value}" on ${where}: ${problem}`);
        }
      }
      if (tag === 'img') {
        const src = element.attrs.find((attr) => attr.name === 'src')?.value;
        if (src === undefined || !isOwnImage(src, mail)) found.add(`image not an own upload ${where}: ${src}`);
      }
      if (mail && mailStyles?.has(tag) && !element.attrs.some((attr) => attr.name === 'style')) {
        found.add(`mail element without the renderer's style ${where}`);
      }
    }
  }
  return [...found];
}

/** In a mail an own image is absolute, on PUBLIC_URL. */
const isOwnImage = (src: string, mail: boolean) => isOwnUpload(src) && (!mail || src.startsWith(`${SITE}/`));

const archive = (source: string) => renderEditionMarkdown(source, { siteUrl: SITE });
const mailed = (source: string) => renderEditionMarkdown(source, { siteUrl: SITE, mail: true });

/** Markdown using every tag the renderer keeps. */
const ORDINARY = [
  '# Clean water for Kano',
  '## What we did',
  '### In Dala',
  '#### Next',
  'A paragraph with **strong**, *emphasis*, ~~struck~~ and `code`, and a [link](https://example.org/report?year=2026&part=2#water "The report").',
  '',
  'Line one  \nline two',
  '',
  '- first',
  '- second with [a path of the site](/campaigns)',
  '',
  '3. third',
  '4. fourth',
  '',
  '> A quote from the field.',
  '',
  '![The borehole](/api/uploads/borehole.jpg "Borehole") ![On the site](https://foundation.example.org/api/uploads/pump.webp)',
  '',
  '| Place | Amount |',
  '|:------|-------:|',
  '| Dala | ₦5,000 |',
  '',
  '```',
  'const x = 1;',
  '```',
  '',
  '---',
  '',
  'Write to [us](mailto:info@example.org) or call [us](tel:+2348030000000).',
].join('\n');

/** The style the mail output sets on each tag, read from ordinary Markdown. */
function stylesOf(html: string): Map<string, string> {
  const styles = new Map<string, string>();
  for (const element of elements(parseFragment(html))) {
    const style = element.attrs.find((attr) => attr.name === 'style')?.value;
    if (style === undefined) continue;
    const tag = element.tagName;
    expect(styles.get(tag) ?? style, `one style per tag (${tag})`).toBe(style);
    styles.set(tag, style);
  }
  return styles;
}
const MAIL_STYLES = stylesOf(await mailed(ORDINARY));

describe('edition Markdown against published XSS payloads', () => {
  it('has a substantial list from each source', () => {
    const count = (source: string) => XSS_PAYLOADS.filter((p) => p.source === source).length;
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(XSS_PAYLOADS.map((p) => p.payload)).size).toBe(XSS_PAYLOADS.length);
    for (const source of ['OWASP', 'PortSwigger', 'DOMPurify', 'Markdown-XSS-Payloads', 'Markdown', 'Tracking']) {
      expect(count(source), source).toBeGreaterThan(10);
    }
  });

  it('reads the mail styles it checks against from the renderer', () => {
    for (const tag of ['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'hr', 'pre', 'code']) {
      expect(MAIL_STYLES.has(tag), tag).toBe(true);
    }
    for (const tag of ['table', 'th', 'td']) expect(MAIL_STYLES.has(tag), tag).toBe(true);
  });

  // The checker itself: each kind of problem it is there to see, it sees.
  it.each([
    ['<script>alert(1)</script>', 'forbidden element <script>'],
    ['<svg><a href="/x">x</a></svg>', 'foreign element'],
    ['<p onclick="alert(1)">x</p>', 'event handler onclick'],
    ['<a href="java&#x09;script:alert(1)">x</a>', 'scheme javascript:'],
    ['<a href="&#1;javascript:alert(1)">x</a>', 'scheme javascript:'],
    ['<a href="//evil.example.com/">x</a>', 'protocol-relative'],
    ['<img src="https://tracker.example.com/p.gif">', 'image not an own upload'],
    ['<img src="https://foundation.example.org@tracker.example.com/api/uploads/p.gif">', 'image not an own upload'],
    ['<p style="color:red">x</p>', 'style attribute'],
    ['<p class="x">x</p>', 'attribute class outside the allow-list'],
    ['<div>x</div>', 'element outside the allow-list'],
  ])('the check finds %s', (html, problem) => {
    expect(problems(html).join('\n')).toContain(problem);
  });

  it('the mail check refuses a style of the editor, and a relative link', () => {
    expect(problems('<p style="background:url(https://t.example/p.gif)">x</p>', MAIL_STYLES).join('\n')).toContain(
      "style not the renderer's",
    );
    expect(problems(`<a style="${MAIL_STYLES.get('a')}" href="/campaigns">x</a>`, MAIL_STYLES).join('\n')).toContain(
      'path left relative in a mail',
    );
  });

  describe.each(['archive', 'mail'] as const)('%s output', (target) => {
    it.each(XSS_PAYLOADS.map((p, index) => ({ ...p, label: `${index + 1} ${p.source}: ${p.name}` })))(
      '$label',
      async ({ payload }) => {
        const html = await (target === 'mail' ? mailed(payload) : archive(payload));
        expect({ payload, html, problems: problems(html, target === 'mail' ? MAIL_STYLES : undefined) }).toEqual({
          payload,
          html,
          problems: [],
        });
      },
    );
  });
});

describe('ordinary Markdown', () => {
  const text = (html: string) =>
    serialize(parseFragment(html))
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  const attrs = (html: string, tag: string, name: string) =>
    [...elements(parseFragment(html))]
      .filter((element) => element.tagName === tag)
      .map((element) => element.attrs.find((attr) => attr.name === name)?.value);

  it('keeps every part, passes the checks, and has no style for the archive', async () => {
    for (const html of [await archive(ORDINARY), await mailed(ORDINARY)]) {
      const tags = new Set([...elements(parseFragment(html))].map((element) => element.tagName));
      for (const tag of ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'a', 'ul', 'ol']) {
        expect(tags, tag).toContain(tag);
      }
      for (const tag of ['li', 'blockquote', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr']) {
        expect(tags, tag).toContain(tag);
      }
      for (const words of [
        'Clean water for Kano',
        'What we did',
        'In Dala',
        'A quote from the field.',
        '₦5,000',
        'const x = 1;',
        'first',
        'fourth',
      ]) {
        expect(text(html)).toContain(words);
      }
      expect(attrs(html, 'ol', 'start')).toEqual(['3']);
      expect(attrs(html, 'th', 'align')).toEqual(['left', 'right']);
      expect(attrs(html, 'img', 'alt')).toEqual(['The borehole', 'On the site']);
    }
    expect(problems(await archive(ORDINARY))).toEqual([]);
    expect(problems(await mailed(ORDINARY), MAIL_STYLES)).toEqual([]);
    expect(await archive(ORDINARY)).not.toContain('style=');
  });

  it('keeps links as written (no redirect), and makes paths absolute only in a mail', async () => {
    expect(attrs(await archive(ORDINARY), 'a', 'href')).toEqual([
      'https://example.org/report?year=2026&part=2#water',
      '/campaigns',
      'mailto:info@example.org',
      'tel:+2348030000000',
    ]);
    expect(attrs(await mailed(ORDINARY), 'a', 'href')).toEqual([
      'https://example.org/report?year=2026&part=2#water',
      `${SITE}/campaigns`,
      'mailto:info@example.org',
      'tel:+2348030000000',
    ]);
    expect(attrs(await archive(ORDINARY), 'a', 'title')).toEqual(['The report', undefined, undefined, undefined]);
    expect(attrs(await archive(ORDINARY), 'img', 'src')).toEqual([
      '/api/uploads/borehole.jpg',
      `${SITE}/api/uploads/pump.webp`,
    ]);
    expect(attrs(await mailed(ORDINARY), 'img', 'src')).toEqual([
      `${SITE}/api/uploads/borehole.jpg`,
      `${SITE}/api/uploads/pump.webp`,
    ]);
  });

  it('keeps an own image and drops a remote one beside it', async () => {
    const html = await archive('![a](/api/uploads/a.jpg) and ![b](https://tracker.example.com/p.gif)');
    expect(attrs(html, 'img', 'src')).toEqual(['/api/uploads/a.jpg']);
    expect(text(html)).toContain('and');
  });
});
