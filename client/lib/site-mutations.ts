/**
 * The calls the public pages' forms and buttons make: TanStack Query mutations over the site's
 * tRPC procedures, the tRPC client loaded with the first one (see client/lib/site-data.ts). Apart
 * from the queries, so a page that only shows data does not load mutation code.
 */
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { InputOf, OutputOf, SiteError, SiteMutation } from './site-data';

async function mutate(path: string, input: unknown) {
  const { callsByPath } = await import('./trpc-calls');
  return callsByPath.mutation(path, input);
}

export function useSiteMutation<P extends SiteMutation>(
  path: P,
): UseMutationResult<OutputOf<P>, SiteError, InputOf<P>> {
  return useMutation({
    mutationKey: [path.split('.')],
    mutationFn: (input: InputOf<P>) => mutate(path, input) as Promise<OutputOf<P>>,
  });
}
