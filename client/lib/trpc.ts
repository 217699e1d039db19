import { createTRPCReact, httpBatchLink, httpLink, splitLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root';
import { MAX_TRPC_BATCH, TOKEN_STORAGE_KEY } from '../../shared/constants';

/** The typed client; only the router's type crosses from server/ into the bundle. */
export const trpc = createTRPCReact<AppRouter>();

export const readToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

const headers = () => {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // Mutations go alone so one failing form never fails another request in the batch.
      splitLink({
        condition: (op) => op.type === 'query',
        true: httpBatchLink({ url: '/trpc', transformer: superjson, headers, maxItems: MAX_TRPC_BATCH }),
        false: httpLink({ url: '/trpc', transformer: superjson, headers }),
      }),
    ],
  });
}
