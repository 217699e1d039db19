/**
 * The public pages' queries (client/lib/site-data.ts) are keyed as @trpc/react-query keys them:
 * the server prefetches with tRPC's helpers and the dashboard invalidates with tRPC's hooks, so a
 * different key would make every rendered page fetch its data again and miss the dashboard's
 * changes.
 */
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { siteQueryKey } from '../../client/lib/site-data';
import { trpc } from '../../client/lib/trpc';

describe('site query keys', () => {
  it('match tRPC’s, with an input and without one', () => {
    expect(siteQueryKey('campaign.byId', { id: 'abc' })).toEqual(
      getQueryKey(trpc.campaign.byId, { id: 'abc' }, 'query'),
    );
    expect(siteQueryKey('campaign.cards', { limit: 3 })).toEqual(
      getQueryKey(trpc.campaign.cards, { limit: 3 }, 'query'),
    );
    expect(siteQueryKey('settings.public', undefined)).toEqual(getQueryKey(trpc.settings.public, undefined, 'query'));
    expect(siteQueryKey('campaign.countByLocation', undefined)).toEqual(
      getQueryKey(trpc.campaign.countByLocation, undefined, 'query'),
    );
  });
});
