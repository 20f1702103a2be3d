import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { SlotsProvider } from '../lib/slots.tsx';
import { Toaster } from '../components/ui/toast/toaster.tsx';
import { appSlots } from './slots.ts';

/** Everything every page relies on: the query cache, the features' slots and the toast outlet. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SlotsProvider value={appSlots}>{children}</SlotsProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
