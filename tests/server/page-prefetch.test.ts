/** The server's prefetch table names pages of the route table, so no page renders without its data. */
import { describe, expect, it } from 'vitest';
import { PAGE_PREFETCH } from '../../client/page-prefetch';
import { PUBLIC_PAGES } from '../../client/routes';

describe('the pages the server prefetches for', () => {
  it('are each a path of the route table', () => {
    const paths = new Set(PUBLIC_PAGES.map((page) => page.path));
    expect(Object.keys(PAGE_PREFETCH).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('include every page that shows data from the server', () => {
    expect(Object.keys(PAGE_PREFETCH).sort()).toEqual(
      [
        '/',
        '/campaign/:id',
        '/campaigns',
        '/contact',
        '/donate',
        '/newsletter',
        '/newsletter/:id',
        '/pledge/:reference',
      ].sort(),
    );
  });
});
