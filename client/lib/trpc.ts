import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/trpc/root';

/** The typed client; only the router's type crosses from server/ into the bundle. */
export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for naming the types of its data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * Loads the transport (client/lib/trpc-transport.ts) with the first call. A server-rendered page
 * arrives with its data and makes no call to show it, so its first load carries no HTTP links and
 * no superjson.
 */
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

export const createTrpcClient = () => trpc.createClient({ links: [lazyTransport] });
