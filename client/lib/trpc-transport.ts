/**
 * How tRPC calls reach the server: queries batched, mutations alone (so one failing form never
 * fails another request), superjson on the wire. Loaded with the first call (client/lib/trpc.ts).
 *
 * One face per operation: the client calls the server through tRPC wherever a procedure exists.
 * REST is only for what tRPC does not carry: file downloads (the CSV exports, the backup, the
 * pledge's QR image) and multipart uploads (images, bank statements), plus the HTML form posts
 * that work before the script has loaded.
 */
import { httpBatchLink, httpLink, type Operation, splitLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root';
import { MAX_TRPC_BATCH } from '../../shared/constants';
import { requestHeaders } from './request-headers';

/**
 * What a call may ask of its request, in its `context`: `keepalive` lets it still go out when the
 * page is left (signing out), `token` signs it with that token rather than the stored one (which
 * signing out forgets at once, before the request is made).
 */
export type CallContext = {
  keepalive?: boolean;
  token?: string;
};

const contextOf = (op: Operation) => op.context as CallContext;

/** Alone, with keepalive and never aborted: nothing on the page waits for it. */
const keepaliveLink = httpLink({
  url: '/trpc',
  transformer: superjson,
  headers: ({ op }) => {
    const { token } = contextOf(op);
    return token ? { ...requestHeaders(), authorization: `Bearer ${token}` } : requestHeaders();
  },
  fetch: (url, { signal: _signal, ...init } = {}) => fetch(url, { ...(init as RequestInit), keepalive: true }),
});

export const transport: TRPCLink<AppRouter> = splitLink({
  condition: (op) => contextOf(op).keepalive === true,
  true: keepaliveLink,
  false: splitLink({
    condition: (op) => op.type === 'query',
    true: httpBatchLink({ url: '/trpc', transformer: superjson, headers: requestHeaders, maxItems: MAX_TRPC_BATCH }),
    false: httpLink({ url: '/trpc', transformer: superjson, headers: requestHeaders }),
  }),
});
