/**
 * The same procedures and transport as client/lib/trpc.ts, without React Query, for calls whose
 * answers are not cached data: the auth state's token check and sign-out (client/lib/auth.tsx).
 * Imported when such a call is made, so a visitor without a token never loads it.
 */
import { createTRPCClient } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/root';
import { lazyTransport } from './trpc';

export const trpcCalls = createTRPCClient<AppRouter>({ links: [lazyTransport] });
