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
const marker = fc.constantFrom('> ', '>', '- ', '* ', '+ ', '1. ', '3) ', '>  ', '-  ', '-\t', '\t', ' ', '  ');
const line = fc.tuple(fc.integer({ min: 0, max: 30 }), fc.array(marker, { maxLength: 12 }), fc.constantFrom('a', '', 'b c', '```', '    code', '- ', '> ')).map(([indent, ms, text]) => ' '.repeat(indent) + ms.join('') + text);
const doc = fc.array(fc.tuple(line, fc.constantFrom('\n', '\n', '\n', '\n\n')), { maxLength: 120 }).map((ls) => ls.map(([l, s]) => l + s).join(''));
let worst = 0; let accepted = 0;
fc.assert(fc.property(doc, (src) => {
  const bound = markdownPastBound(src);
  if (bound === 'nesting') return true;
  accepted++;
  let d = 0; try { d = depth(md.lexer(src)); } catch { return true; }
  worst = Math.max(worst, d);
  if (d > MARKDOWN_LIMITS.nesting) { console.log(JSON.stringify(src), d); return false; }
  return true;
}), { numRuns: 100000 });
console.log('ok; deepest accepted', worst, 'accepted', accepted);
