/** The dashboard's tRPC hooks (client/lib/trpc.ts) on the app's query client; the staff routes load it. */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createTrpcClient, trpc } from './trpc';

export default function TrpcProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(createTrpcClient);
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      {children}
    </trpc.Provider>
  );
}
