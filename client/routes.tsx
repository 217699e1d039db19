/**
 * The route table. Public pages are in the main chunk; /login and everything under /admin load
 * lazily, so visitors never download admin code.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { HomePage } from './pages/public/home';

const LoginPage = lazy(() => import('./pages/admin/login-page'));
const AdminApp = lazy(() => import('./pages/admin/admin-app'));

const lazyPage = (element: React.ReactNode) => <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{element}</Suspense>;

export const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  { path: '/login', element: lazyPage(<LoginPage />) },
  { path: '/admin/*', element: lazyPage(<AdminApp />) },
]);
