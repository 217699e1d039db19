/**
 * The same procedures and transport as the dashboard's hooks, without React Query, for calls made
 * outside them: the auth state's token check and sign-out (client/lib/auth.tsx) and the public
 * pages' data (client/lib/site-data.ts). Imported with the first such call, so a page the server
 * rendered, which shows its data without asking for it, never loads it.
 */
import { createTRPCClient, getUntypedClient } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/root';
import { lazyTransport } from './trpc-link';

export const trpcCalls = createTRPCClient<AppRouter>({ links: [lazyTransport] });

/** The same client called by a procedure's path ('campaign.list'). */
export const callsByPath = getUntypedClient(trpcCalls);
