/**
 * The dashboard's typed tRPC hooks over TanStack Query. Only the staff area's code loads them (its
 * provider is client/lib/trpc-provider.tsx); the public pages use client/lib/site-data.ts.
 */
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root';
import { lazyTransport } from './trpc-link';

/** The typed client; only the router's type crosses from server/ into the bundle. */
export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for naming the types of its data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createTrpcClient = () => trpc.createClient({ links: [lazyTransport] });
