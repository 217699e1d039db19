import fc from 'fast-check';
import { Marked } from 'marked';
import { markdownPastBound, MARKDOWN_LIMITS } from './shared/markdown-bounds';
const md = new Marked({ gfm: true, breaks: true, async: false });
const depth = (tokens: any[]): number => {
  let max = 0;
  for (const t of tokens) {
    let d = 0;
    if (t.type === 'blockquote') d = 1 + depth(t.tokens ?? []);
    else if (t.type === 'list') d = 1 + Math.max(0, ...t.items.map((it: any) => depth(it.tokens ?? [])));
    else if (t.tokens) d = depth(t.tokens);
    max = Math.max(max, d);
  }
  return max;
};
const piece = fc.constantFrom('> ', '>', '- ', '* ', '+ ', '1. ', '2) ', ' ', '  ', '   ', '    ', '\t', 'a', 'b c', '*', '`', '```', '~~~', '<div>', '\n', '\n\n', '>\n', '-', '---', '***', 'x\n', '> - ', '- > ', '9.', '10)', '<!--', '-->', '|a|', '|-|');
const doc = fc.array(piece, { maxLength: 400 }).map((p) => p.join(''));
let worst = 0;
fc.assert(fc.property(doc, (src) => {
  const bound = markdownPastBound(src);
  if (bound === 'nesting') return true;
  const d = depth(md.lexer(src));
  worst = Math.max(worst, d);
  if (d > MARKDOWN_LIMITS.nesting) { console.log(JSON.stringify(src), d); return false; }
  return true;
}), { numRuns: 20000 });
console.log('ok; deepest accepted', worst);
