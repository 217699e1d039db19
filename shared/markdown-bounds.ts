/**
 * What an edition's Markdown may hold beyond its size, checked in one linear pass before any
 * parser sees it (the edition schema runs it on every save). `marked` recurses once per level of
 * quotes and lists (50,000 nested `>` overflow its stack, a few hundred nested lists take seconds)
 * and matches emphasis delimiters in time that grows with the square of a paragraph's delimiters
 * (60 kB of `*a` takes seconds, 200 kB half a minute). Newsletters nest a list in a quote or two
 * and bold a few words a paragraph: the bounds leave a wide margin for them.
 *
 * The emphasis measures err on the high side (code counts like text, a paragraph is whatever lies
 * between blank lines). The nesting measure reads what each line opens, with the lists around it;
 * marked can carry a lazily continued line deeper than that, so the renderer also counts the depth
 * of what it parsed, against the same bound (server/newsletter/editions/markdown.ts).
 */
import type { MessageKey } from './messages';

export const MARKDOWN_LIMITS = {
  /** Quotes and lists inside each other. */
  nesting: 8,
  /** Runs of `*`, `_` or `~` between two blank lines. */
  emphasisRuns: 500,
  /** Characters in one run of `*`, `_` or `~` (a line drawn with them is a rule, not a run). */
  runLength: 64,
} as const;

export type MarkdownBound = keyof typeof MARKDOWN_LIMITS;

/** What a refusal says, with the bound as `{max}`. */
export const MARKDOWN_BOUND_MESSAGES = {
  nesting: 'editions.tooDeep',
  emphasisRuns: 'editions.tooMuchEmphasis',
  runLength: 'editions.runTooLong',
} as const satisfies Record<MarkdownBound, MessageKey>;

const isSpace = (c: number) => c === 0x20 || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const GT = 0x3e;
/** A line of three or more `*`, `-` or `_` (spaces between allowed): a thematic break. */
const RULE = /^ {0,3}([*_-])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * The length of a list marker at `i` (`-`, `*`, `+`, or up to nine digits and `.` or `)`), when a
 * space, a tab or the line's end follows it; else 0.
 */
function listMarker(line: string, i: number): number {
  const c = line.charCodeAt(i);
  let end = i;
  if (c === 0x2d || c === 0x2a || c === 0x2b) end = i + 1;
  else {
    while (isDigit(line.charCodeAt(end)) && end - i < 9) end++;
    const after = line.charCodeAt(end);
    if (end === i || (after !== 0x2e && after !== 0x29)) return 0;
    end++;
  }
  return end === line.length || isSpace(line.charCodeAt(end)) ? end - i : 0;
}

/**
 * How deep the line's quotes and lists go: the lists still open around it (`open`: the columns
 * of earlier lines' list markers, kept until a marker at that column or left of it closes them;
 * a line indented past a marker may be inside its item), plus the quote and list markers it opens
 * with itself.
 */
function lineDepth(line: string, open: number[]): number {
  let i = 0;
  let column = 0;
  let first = -1;
  let quotes = 0;
  const lists: number[] = [];
  for (;;) {
    const c = line.charCodeAt(i);
    if (isSpace(c)) {
      column = c === 0x09 ? column + 4 - (column % 4) : column + 1;
      i++;
      continue;
    }
    if (first < 0) first = column;
    if (c === GT) {
      quotes++;
      column++;
      i++;
      continue;
    }
    const marker = listMarker(line, i);
    if (marker === 0) break;
    lists.push(column);
    column += marker;
    i += marker;
  }
  if (lists.length > 0) while (open.length > 0 && open.at(-1)! >= lists[0]!) open.pop();
  const around = open.filter((at) => at < first).length;
  open.push(...lists);
  return around + quotes + lists.length;
}

/** The first bound `source` passes, or null when it keeps within them all. */
export function markdownPastBound(source: string): MarkdownBound | null {
  const open: number[] = [];
  let runs = 0;
  for (const line of source.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') {
      runs = 0;
      continue;
    }
    // A rule is drawn with what would otherwise open lists or make runs: it is neither.
    if (RULE.test(line)) continue;
    if (lineDepth(line, open) > MARKDOWN_LIMITS.nesting) return 'nesting';
    for (let i = 0; i < line.length; ) {
      const c = line[i]!;
      if (c !== '*' && c !== '_' && c !== '~') {
        i++;
        continue;
      }
      const start = i;
      while (line[i] === c) i++;
      if (i - start > MARKDOWN_LIMITS.runLength) return 'runLength';
      if (++runs > MARKDOWN_LIMITS.emphasisRuns) return 'emphasisRuns';
    }
  }
  return null;
}
