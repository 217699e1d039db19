/**
 * The route table. Public pages share the site layout; the heavier ones (forms with their
 * validation, long policy texts) load on first visit. /login and everything under /admin load
 * lazily too, so visitors never download admin code.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { t } from '../shared/messages';
import { Spinner } from './components/spinner';
import { SiteLayout } from './layout/site-layout';
import { AboutPage } from './pages/public/about-page';
import { AdvocatePage } from './pages/public/advocate-page';
import { CampaignPage } from './pages/public/campaign/campaign-page';
import { CampaignsPage } from './pages/public/campaigns-page';
import { DonatePage } from './pages/public/donate-page';
import { GetInvolvedPage } from './pages/public/get-involved-page';
import { HomePage } from './pages/public/home/home-page';
import { NotFoundPage } from './pages/public/not-found-page';
import { PartnerPage } from './pages/public/partner-page';
import { PartnerSuccessPage } from './pages/public/partner-success-page';
import { VolunteerPage } from './pages/public/volunteer-page';

const LoginPage = lazy(() => import('./pages/admin/login-page'));
const AdminApp = lazy(() => import('./pages/admin/admin-app'));

const lazyPage = (element: React.ReactNode) => (
  <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{element}</Suspense>
);

/** The router keeps the current page on screen until the next page's code has arrived. */
const PUBLIC_ROUTES: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'get-involved', element: <GetInvolvedPage /> },
  { path: 'volunteer', element: <VolunteerPage /> },
  { path: 'partner', element: <PartnerPage /> },
  { path: 'advocate', element: <AdvocatePage /> },
  { path: 'partner-success', element: <PartnerSuccessPage /> },
  { path: 'campaigns', element: <CampaignsPage /> },
  { path: 'campaign/:id', element: <CampaignPage /> },
  { path: 'donate', element: <DonatePage /> },
  {
    path: 'volunteer-form',
    lazy: async () => ({ Component: (await import('./pages/public/forms/volunteer-form-page')).VolunteerFormPage }),
  },
  {
    path: 'partner-form',
    lazy: async () => ({ Component: (await import('./pages/public/forms/partner-form-page')).PartnerFormPage }),
  },
  {
    path: 'advocate-form',
    lazy: async () => ({ Component: (await import('./pages/public/forms/advocate-form-page')).AdvocateFormPage }),
  },
  {
    path: 'contact',
    lazy: async () => ({ Component: (await import('./pages/public/forms/contact-page')).ContactPage }),
  },
  { path: 'faqs', lazy: async () => ({ Component: (await import('./pages/public/legal/faqs-page')).FaqsPage }) },
  { path: 'terms', lazy: async () => ({ Component: (await import('./pages/public/legal/terms-page')).TermsPage }) },
  {
    path: 'privacy',
    lazy: async () => ({ Component: (await import('./pages/public/legal/privacy-page')).PrivacyPage }),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <SiteLayout />,
    // Shown only while the first page's code loads on a direct visit to a lazy route.
    HydrateFallback: () => <Spinner label={t('shell.loading')} />,
    children: PUBLIC_ROUTES,
  },
  { path: '/login', element: lazyPage(<LoginPage />) },
  { path: '/admin/*', element: lazyPage(<AdminApp />) },
]);
