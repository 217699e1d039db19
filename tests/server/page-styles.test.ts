import { describe, expect, it } from 'vitest';
import { classesOf, type StyleRule, stylesFor } from '../../server/page-styles';

const rules: StyleRule[] = [
  { css: ':root{--a:1}', needs: null, within: [] },
  { css: '.hero{color:red}', needs: [['hero']], within: [] },
  { css: '.menu.open{display:block}', needs: [['menu', 'open']], within: [] },
  { css: '.a,.b{margin:0}', needs: [['a'], ['b']], within: [] },
  { css: '.hero{padding:0}', needs: [['hero']], within: ['@media (width>=700px)'] },
  { css: '.menu{gap:0}', needs: [['menu']], within: ['@media (width>=700px)'] },
  { css: '.hero{gap:1px}', needs: [['hero']], within: ['@media (width>=700px)', '@supports (gap:1px)'] },
  { css: 'p{margin:0}', needs: null, within: ['@media print'] },
];

describe("a rendered page's own styles", () => {
  it('reads the classes of every element of the markup', () => {
    expect([...classesOf('<div class="hero  big"><p class="">x</p><svg class="icon"></svg></div>')]).toEqual([
      'hero',
      'big',
      'icon',
    ]);
  });

  it('keeps the rules one of whose selectors has all its classes, in order, inside their at-rules', () => {
    expect(stylesFor(rules, classesOf('<main class="hero"><nav class="menu"></nav><i class="b"></i></main>'))).toBe(
      ':root{--a:1}.hero{color:red}.a,.b{margin:0}' +
        '@media (width>=700px){.hero{padding:0}.menu{gap:0}@supports (gap:1px){.hero{gap:1px}}}' +
        '@media print{p{margin:0}}',
    );
  });

  it('leaves out what the markup cannot use, and at-rules left empty', () => {
    expect(stylesFor(rules, new Set())).toBe(':root{--a:1}@media print{p{margin:0}}');
  });
});
