/**
 * The tables of an HTML export (GTBank's ".xls"). parse5 builds the tree as a browser would, but
 * tags nested thousands deep make it slow (and a recursive walk overflow), so a linear pre-scan
 * first refuses a file nested deeper, or with more rows, columns or cells, than the bounds; the
 * tree is then walked without recursion.
 */
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { type Cell, pastLimit, STATEMENT_LIMITS, type Table, TableBounds } from './statement-limits';

/** Elements without an end tag. */
const VOID = new Set(
  'area base basefont bgsound br col embed frame hr img input keygen link meta param source track wbr'.split(' '),
);
/** Elements whose content is text, not tags. */
const RAW_TEXT = new Set('script style textarea title xmp iframe noembed noframes noscript'.split(' '));
/** Left open, these are opened again inside what follows: as deep again. */
const FORMATTING = new Set('a b big code em font i nobr s small strike strong tt u'.split(' '));
/** Cells: what is left open inside one is closed with it. */
const MARKERS = new Set(['td', 'th', 'caption']);
/** A start tag that closes an open element of these first (within its table, or cell). */
const CLOSES: Record<string, string[]> = {
  td: ['td', 'th'],
  th: ['td', 'th'],
  tr: ['tr', 'td', 'th'],
  thead: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
  tbody: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
  tfoot: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
  p: ['p'],
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  option: ['option'],
};
const TABLE_PARTS = new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot']);

const START = /<(\/?)([a-zA-Z][^\s/>]*)/y;
const rawTextEnds = new Map<string, RegExp>();

/**
 * Refuses, in one pass over the text, a document parse5 would nest deeper than
 * STATEMENT_LIMITS.nesting, or whose table rows, columns or cells pass their bounds. The depth
 * follows the parser's main rules (void elements, implied end tags, formatting elements opened
 * again after an implied close) closely enough for a statement; the time cap on reading covers
 * what it misses.
 */
export function checkHtmlShape(text: string): void {
  // Open elements, each with the count of formatting elements to reopen that a cell set aside.
  const open: { name: string; saved: number }[] = [];
  let reopened = 0;
  let rows = 0;
  let cells = 0;
  let columns = 0;
  const popTo = (index: number) => {
    while (open.length > index) {
      const { name, saved } = open.pop()!;
      if (MARKERS.has(name)) reopened = saved;
      else if (open.length > index && FORMATTING.has(name)) reopened++;
    }
  };
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at)) {
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      at = end === -1 ? text.length : end + 3;
      continue;
    }
    START.lastIndex = at;
    const tag = START.exec(text);
    const next = text[at + 1];
    if (!tag && next !== '!' && next !== '?' && next !== '/') {
      at++; // a "<" in text
      continue;
    }
    const end = text.indexOf('>', at + 1);
    if (end === -1) break;
    at = end + 1;
    if (!tag) continue; // a doctype, processing instruction or bogus comment
    const name = tag[2]!.toLowerCase();
    if (tag[1]) {
      const index = open.findLastIndex((element) => element.name === name);
      if (index !== -1) popTo(index);
      else if (FORMATTING.has(name) && reopened > 0) reopened--;
      continue;
    }
    if (VOID.has(name)) continue;
    if (RAW_TEXT.has(name)) {
      const ends = rawTextEnds.get(name) ?? new RegExp(`</${name}`, 'gi');
      rawTextEnds.set(name, ends);
      ends.lastIndex = at;
      at = ends.exec(text)?.index ?? text.length;
      continue;
    }
    const closes = CLOSES[name];
    if (closes) {
      // A table part closes the outermost of its kind in the table (a row its cell too); others the nearest.
      let target = -1;
      for (let i = open.length - 1; i >= 0; i--) {
        const element = open[i]!.name;
        if (element === 'table' || (!TABLE_PARTS.has(name) && MARKERS.has(element))) break;
        if (!closes.includes(element)) continue;
        target = i;
        if (!TABLE_PARTS.has(name)) break;
      }
      if (target !== -1) popTo(target);
    }
    if (name === 'tr') {
      columns = 0;
      if (++rows > STATEMENT_LIMITS.rows) throw pastLimit('statements.tooManyRows', STATEMENT_LIMITS.rows);
    } else if (name === 'td' || name === 'th') {
      if (++columns > STATEMENT_LIMITS.columns) throw pastLimit('statements.tooManyColumns', STATEMENT_LIMITS.columns);
      if (++cells > STATEMENT_LIMITS.cells) throw pastLimit('statements.tooManyCells', STATEMENT_LIMITS.cells);
    }
    open.push({ name, saved: reopened });
    if (MARKERS.has(name)) reopened = 0;
    if (open.length + reopened > STATEMENT_LIMITS.nesting)
      throw pastLimit('statements.nestedTooDeeply', STATEMENT_LIMITS.nesting);
  }
}

type HtmlNode = DefaultTreeAdapterMap['node'];
const childrenOf = (node: HtmlNode): HtmlNode[] => ('childNodes' in node ? node.childNodes : []);

/** The nodes below `node` in document order, without recursion; `enter` says whether to go below one. */
function* below(node: HtmlNode, enter: (node: HtmlNode) => boolean = () => true): Generator<HtmlNode> {
  const pending = childrenOf(node).toReversed();
  while (pending.length > 0) {
    const next = pending.pop()!;
    yield next;
    if (!enter(next)) continue;
    const children = childrenOf(next);
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = (node: HtmlNode) =>
  clean(
    Array.from(below(node))
      .filter((n) => n.nodeName === '#text')
      .map((n) => (n as DefaultTreeAdapterMap['textNode']).value)
      .join(' '),
  );

/** Every table of an HTML document, each as rows of cell texts (nested tables are their own). */
export function readHtmlTables(text: string): Table[] {
  checkHtmlShape(text);
  const bounds = new TableBounds();
  const tables: Table[] = [];
  for (const node of below(parse(text) as unknown as HtmlNode)) {
    if (node.nodeName !== 'table') continue;
    const rows: Table = [];
    // A row's cells are its own; a table inside a cell is read as a table of its own.
    for (const part of below(node, (n) => n.nodeName !== 'table' && n.nodeName !== 'tr')) {
      if (part.nodeName !== 'tr') continue;
      const cells: Cell[] = [];
      bounds.row(rows.length);
      for (const cell of childrenOf(part)) {
        if (cell.nodeName !== 'td' && cell.nodeName !== 'th') continue;
        bounds.cell(rows.length, cells.length);
        cells.push(textOf(cell));
      }
      rows.push(cells);
    }
    tables.push(rows);
  }
  return tables;
}
