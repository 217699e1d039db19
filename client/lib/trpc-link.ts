/**
 * The tRPC link every client uses (the dashboard's hooks, the public pages' calls, auth's checks):
 * it loads the transport (client/lib/trpc-transport.ts) with the first call, so a server-rendered
 * page, which arrives with its data and makes no call to show it, carries no HTTP links and no
 * superjson in its first load.
 */
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/trpc/root';

export const lazyTransport: TRPCLink<AppRouter> = (runtime) => {
  let loading: Promise<ReturnType<TRPCLink<AppRouter>>> | undefined;
  return (operation) =>
    observable((observer) => {
      let cancelled = false;
      let unsubscribe = () => {};
      // A transport that did not arrive (offline) is fetched again by the next call, not failed for good.
      loading ??= import('./trpc-transport').then(
        ({ transport }) => transport(runtime),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      loading.then(
        (link) => {
          if (cancelled) return;
          const subscription = link(operation).subscribe(observer);
          unsubscribe = () => subscription.unsubscribe();
        },
        (error: unknown) => observer.error(TRPCClientError.from(error as Error)),
      );
      return () => {
        cancelled = true;
        unsubscribe();
      };
    });
};
