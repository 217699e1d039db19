/** The whole app: providers around the routes. The server renders it at a path; the browser at its own. */
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppProviders } from './app-providers';
import { AppRoutes } from './routes';

export function App({
  queryClient,
  ssrPath,
  ssrSearch,
}: {
  queryClient: QueryClient;
  ssrPath?: string;
  ssrSearch?: string;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
