/**
 * The browser's entry. A server-rendered page is hydrated with the data the server rendered it
 * from (a JSON script, which the strict CSP allows since it never runs); the sign-in page and the
 * admin area arrive empty and are rendered here.
 */
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { APP_DATA_ID } from '../shared/page-data';
import { App } from './app';
import { createQueryClient } from './app-providers';
import './generated/fonts.css';
import './styles/global.css';

const queryClient = createQueryClient();
const data = document.getElementById(APP_DATA_ID)?.textContent;
if (data) {
  const state = JSON.parse(data) as DehydratedState;
  // The page was rendered from the data's current version (the server drops a cached page on any
  // change), so its data counts as fresh from now on rather than from when it was first rendered.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The server leaves the root empty (but for a marker comment) where the browser renders.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
