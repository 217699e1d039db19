/**
 * The bounds on an edition's Markdown (shared/markdown-bounds.ts): the bombs of the security
 * review are refused wherever they stand, what newsletters are written with passes, and, as a
 * law over random nestings of quotes, lists, indentation and lazy lines, the renderer never
 * outputs quotes and lists nested deeper than the bound: what the line-by-line measure misses,
 * its count of the parsed tree refuses.
 */
import fc from 'fast-check';
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { MarkdownRefusal, renderEditionMarkdown } from '../../server/newsletter/editions/markdown';
import { MARKDOWN_LIMITS, markdownPastBound } from '../../shared/markdown-bounds';

type Node = DefaultTreeAdapterMap['node'];

/** How deep blockquote, ul and ol elements nest in HTML. */
function htmlNesting(html: string): number {
  let deepest = 0;
  const todo: [Node, number][] = [[parseFragment(html) as Node, 0]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [node, depth] = next;
    const here = 'tagName' in node && ['blockquote', 'ul', 'ol'].includes(node.tagName) ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    if ('childNodes' in node) for (const child of node.childNodes) todo.push([child, here]);
  }
  return deepest;
}

const ORDINARY = [
  '# Clean water for Kano',
  '',
  'A paragraph with **strong**, *emphasis*, ~~struck~~, ***both*** and `code`, and a [link](https://example.org).',
  '',
  '- first',
  '  - nested',
  '    1. deeper',
  '- **Kano:** 120 families',
  '',
  '> A quote from the field.',
  '> - with a list',
  '>   > and a quote in it',
  '',
  'Name: ________________ Date: __________',
  '',
  '***',
  '',
  '* * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * *',
  '',
  '| Place | Amount |',
  '|:------|-------:|',
  '| **Dala** | ₦5,000 |',
].join('\n');

describe('the bounds on an edition’s Markdown', () => {
  it('refuses the bombs of the security review, wherever they stand', () => {
    const bombs: [string, string][] = [
      ['*a'.repeat(30_000), 'emphasisRuns'],
      [`Some text first.\n\n${'_a '.repeat(501)}`, 'emphasisRuns'],
      [`${'>'.repeat(50_000)} deep`, 'nesting'],
      [`${'> '.repeat(9)}nine quotes`, 'nesting'],
      [Array.from({ length: 10 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n'), 'nesting'],
      [Array.from({ length: 10 }, (_, i) => `${' '.repeat(3 * i)}1. item`).join('\n'), 'nesting'],
      [`${'- '.repeat(9)}a`, 'nesting'],
      [`${'> - '.repeat(5)}a`, 'nesting'],
      [`${'**'.repeat(5_000)}a${'**'.repeat(5_000)}`, 'runLength'],
      [`text ${'_'.repeat(65)} text`, 'runLength'],
    ];
    for (const [bomb, bound] of bombs) {
      expect(markdownPastBound(bomb), bomb.slice(0, 40)).toBe(bound);
      expect(markdownPastBound(`An ordinary first line.\n\n${bomb}\n\nAnd a last one.`)).toBe(bound);
    }
  });

  it('passes what newsletters are written with, up to the size limit', () => {
    expect(markdownPastBound(ORDINARY)).toBeNull();
    expect(markdownPastBound(`${ORDINARY}\n\n`.repeat(200))).toBeNull();
    // Eight levels is the bound, not past it.
    expect(markdownPastBound(Array.from({ length: 8 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n'))).toBeNull();
    expect(markdownPastBound(`${'> '.repeat(8)}eight quotes`)).toBeNull();
    // A paragraph's runs are counted afresh after a blank line.
    expect(markdownPastBound(`${'*a* '.repeat(250)}\n\n`.repeat(40))).toBeNull();
  });

  it('lets no quote or list nest deeper than the bound through the renderer (a law over random nestings)', async () => {
    const marker = fc.constantFrom('> ', '>', '- ', '* ', '+ ', '1. ', '3) ', '-\t', '\t', ' ', '  ');
    const line = fc
      .tuple(
        fc.integer({ min: 0, max: 24 }),
        fc.array(marker, { maxLength: 12 }),
        fc.constantFrom('a', '', 'b *c*', '```', '    code'),
      )
      .map(([indent, markers, text]) => ' '.repeat(indent) + markers.join('') + text);
    const doc = fc
      .array(fc.tuple(line, fc.constantFrom('\n', '\n', '\n', '\n\n')), { maxLength: 60 })
      .map((lines) => lines.map(([l, end]) => l + end).join(''));
    await fc.assert(
      fc.asyncProperty(doc, async (source) => {
        const html = await renderEditionMarkdown(source, { siteUrl: 'https://foundation.example.org' }).catch(
          (error: unknown) => {
            if (error instanceof MarkdownRefusal) return '';
            throw error;
          },
        );
        expect(htmlNesting(html)).toBeLessThanOrEqual(MARKDOWN_LIMITS.nesting);
      }),
      { numRuns: 1_500 },
    );
  });
});
