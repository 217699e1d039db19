/**
 * Renders components with the app's real providers (TanStack Query, auth, toasts, the staff area's tRPC)
 * inside a memory location. Network calls go through the real tRPC client to `fetch`, which tests
 * replace with `mockFetch` — the network boundary, not a fake backend module.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../../../client/app-providers';
import TrpcProvider from '../../../client/lib/trpc-provider';

export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AppProviders queryClient={queryClient}>
      {/* The staff routes' provider too, so one helper renders public and staff screens. */}
      <TrpcProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                {route.element}
              </Route>
            ))}
          </Switch>
        </Router>
      </TrpcProvider>
    </AppProviders>,
  );
  return { ...result, location };
}

/** One element at one path, plus a marker page at each of `others` to observe navigation. */
export const renderPage = (path: string, element: ReactNode, others: string[] = []) =>
  renderAt(path, [{ path, element }, ...others.map((p) => ({ path: p, element: <p>{`page ${p}`}</p> }))]);

type Reply = { status?: number; body: unknown } | Error;

/**
 * Replaces `fetch`: each call takes the next reply. tRPC answers are wrapped the way the server's
 * superjson transformer writes them.
 */
export function mockFetch(...replies: Reply[]) {
  const queue = [...replies];
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = queue.shift();
    if (!reply) throw new Error('unexpected fetch');
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const trpcResult = (data: unknown) => ({ body: { result: { data: { json: data } } } });
export const trpcFailure = (status: number, message: string, fieldErrors?: { path: string; message: string }[]) => ({
  status,
  body: { error: { json: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: status, fieldErrors } } } },
});
