/** The whole app: providers around the routes. The server renders it at a path; the browser at its own. */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
  // Marks the document once the app runs in the browser: until then links and forms are plain HTML
  // (browser tests wait for it before they use what only the app does).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
