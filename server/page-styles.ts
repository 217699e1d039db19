/**
 * The styles a rendered page carries in its head: only the rules its markup can use, with the whole
 * stylesheet linked right after the markup for everything else (a menu opened, the app's other
 * pages). A phone on 2G then starts drawing sooner: the home page arrives about 5 kB (compressed)
 * lighter, and the browser parses 19 kB of rules rather than 47 kB before the first paint. The
 * app's script waits for the linked stylesheet (a stylesheet the parser met holds the scripts that
 * run after it), so nothing the app draws is ever unstyled.
 *
 * The build (scripts/inline-stylesheet.ts) writes the table this reads: every rule of the site's
 * stylesheet in order, with the classes each of its selectors needs and the at-rules around it.
 * A rule is kept when one of its selectors needs only classes the page's markup has (or none at
 * all: elements, attributes, custom properties). That keeps a few rules whose elements are not
 * there in that arrangement, never drops one that applies.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the build writes to `.vite/page-styles.json` beside the client. */
export interface StyleTable {
  /** The whole stylesheet's address (an immutable asset). */
  href: string;
  rules: StyleRule[];
}

export interface StyleRule {
  /** The rule's own text, minified. */
  css: string;
  /** For each selector, the classes it needs; null: the rule always applies (at-rules, elements). */
  needs: string[][] | null;
  /** The at-rules around it, outermost first (`@media (width>=700px)`). */
  within: string[];
}

export const STYLE_TABLE_FILE = '.vite/page-styles.json';

/** The page's own styles from the table and the stylesheet link; undefined when the build has no table. */
export interface PageStyles {
  /** The template with, in place of the whole stylesheet, the `<style>` element for this markup. */
  templateFor(html: string): string;
  /** The link to the whole stylesheet, for after the markup. */
  link: string;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** Reads the build's table; the template must hold the whole stylesheet as its one `<style>`. */
export function loadPageStyles(staticDir: string, template: string): PageStyles | undefined {
  const tableFile = path.join(staticDir, STYLE_TABLE_FILE);
  if (!fs.existsSync(tableFile)) return undefined;
  const table = JSON.parse(fs.readFileSync(tableFile, 'utf8')) as StyleTable;
  const whole = `<style>${fs.readFileSync(path.join(staticDir, table.href), 'utf8')}</style>`;
  const at = template.indexOf(whole);
  if (at === -1) throw new Error(`The page template does not hold ${table.href} as its style element`);
  // Split once here, not searched for in every page rendered.
  const before = template.slice(0, at);
  const after = template.slice(at + whole.length);
  return {
    link: `<link rel="stylesheet" href="${table.href}">`,
    templateFor: (html) => `${before}<style>${stylesFor(table.rules, classesOf(html))}</style>${after}`,
  };
}

/** Every class the markup's elements have. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** The rules that may apply to markup with these classes, in order, inside their at-rules. */
export function stylesFor(rules: StyleRule[], classes: Set<string>): string {
  let css = '';
  let open: string[] = [];
  for (const rule of rules) {
    if (rule.needs && !rule.needs.some((needed) => needed.every((name) => classes.has(name)))) continue;
    // Close the at-rules this rule is not inside, open those it is.
    let shared = 0;
    while (shared < open.length && shared < rule.within.length && open[shared] === rule.within[shared]) shared++;
    css += '}'.repeat(open.length - shared);
    for (const atRule of rule.within.slice(shared)) css += `${atRule}{`;
    open = rule.within;
    css += rule.css;
  }
  return css + '}'.repeat(open.length);
}
