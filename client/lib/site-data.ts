/**
 * The public pages' data: TanStack Query over the site's tRPC procedures, without tRPC's React
 * layer (their forms' calls are in client/lib/site-mutations.ts). A page the server rendered hydrates from the data it came with and loads no tRPC code at
 * all; the client (client/lib/trpc-calls.ts) arrives with the first call. Keys are the ones
 * @trpc/react-query makes, so the server's prefetch fills them and the dashboard's invalidations
 * reach them.
 */
import { type QueryClient, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { TRPCClientErrorLike } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** What a procedure path ('campaign.list') names in a tree of routers' types. */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** The procedures the public pages read. */
export type SiteQuery =
  | 'campaign.cards'
  | 'campaign.byId'
  | 'campaign.countByLocation'
  | 'settings.public'
  | 'pledge.supporters'
  | 'pledge.page'
  | 'newsletter.archive'
  | 'newsletter.edition';
/** The procedures the public pages' forms and buttons call. */
export type SiteMutation =
  | 'pledge.create'
  | 'pledge.pay'
  | 'pledge.lookup'
  | 'newsletter.confirm'
  | 'newsletter.unsubscribe'
  | 'submission.newsletter.create'
  | 'submission.volunteer.create'
  | 'submission.partner.create'
  | 'submission.advocate.create'
  | 'submission.contact.create';

export type InputOf<P extends SiteQuery | SiteMutation> = At<Inputs, P>;
export type OutputOf<P extends SiteQuery | SiteMutation> = At<Outputs, P>;
export type SiteError = TRPCClientErrorLike<AppRouter>;

/** The key @trpc/react-query gives a query (its getQueryKey, type 'query'). */
export function siteQueryKey<P extends SiteQuery>(path: P, input: InputOf<P>): readonly unknown[] {
  return [path.split('.'), { ...(input === undefined ? {} : { input }), type: 'query' }];
}

async function query(path: string, input: unknown, signal: AbortSignal) {
  const { callsByPath } = await import('./trpc-calls');
  return callsByPath.query(path, input, { signal });
}

const queryOf = <P extends SiteQuery>(path: P, input: InputOf<P>) => ({
  queryKey: siteQueryKey(path, input),
  queryFn: ({ signal }: { signal: AbortSignal }) => query(path, input, signal) as Promise<OutputOf<P>>,
});

type QueryOptions<P extends SiteQuery> = Omit<
  UseQueryOptions<OutputOf<P>, SiteError, OutputOf<P>, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

export function useSiteQuery<P extends SiteQuery>(
  path: P,
  input: InputOf<P>,
  options?: QueryOptions<P>,
): UseQueryResult<OutputOf<P>, SiteError> {
  return useQuery({ ...queryOf(path, input), ...options });
}

/** Fetches a query into the cache ahead of the page that shows it. */
export const fetchSiteQuery = <P extends SiteQuery>(queryClient: QueryClient, path: P, input: InputOf<P>) =>
  queryClient.fetchQuery(queryOf(path, input));

/** Drops a query from the cache, so its page asks for it itself. */
export const resetSiteQuery = <P extends SiteQuery>(queryClient: QueryClient, path: P, input: InputOf<P>) =>
  queryClient.resetQueries({ queryKey: siteQueryKey(path, input), exact: true });
