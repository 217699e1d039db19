/**
 * How tRPC calls reach the server: queries batched, mutations alone (so one failing form never
 * fails another request), superjson on the wire. Loaded with the first call (client/lib/trpc.ts).
 */
import { httpBatchLink, httpLink, splitLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root';
import { MAX_TRPC_BATCH } from '../../shared/constants';
import { requestHeaders } from './request-headers';

export const transport: TRPCLink<AppRouter> = splitLink({
  condition: (op) => op.type === 'query',
  true: httpBatchLink({ url: '/trpc', transformer: superjson, headers: requestHeaders, maxItems: MAX_TRPC_BATCH }),
  false: httpLink({ url: '/trpc', transformer: superjson, headers: requestHeaders }),
});
