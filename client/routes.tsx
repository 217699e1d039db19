/**
 * The route table. Every public page is its own chunk, loaded on first visit (the server preloads
 * the chunk of the page it rendered), so the first visit to a page downloads that page only.
 * /login and everything under /admin are client-rendered, in the admin's own chunks.
 */
import type { createServerSideHelpers } from '@trpc/react-query/server';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { AppRouter } from '../server/trpc/root';
import { t } from '../shared/messages';
import { Spinner } from './components/spinner';
import { SiteLayout } from './layout/site-layout';
import { campaignsPageInput, latestCampaignsInput } from './pages/public/page-queries';

/** The server's tRPC helpers: prefetching fills the query cache the page then renders from. */
export type PrefetchApi = ReturnType<typeof createServerSideHelpers<AppRouter>>;

export interface PublicPage {
  /** The path pattern (wouter's: `:name` parameters, an optional trailing slash). */
  path: string;
  /** The page's module as the build's manifest names it (relative to client/). */
  module: string;
  Page: ComponentType;
  /**
   * The data the page shows, fetched on the server before it renders. Answers 404 when what the
   * page is about does not exist.
   */
  prefetch?: (api: PrefetchApi, params: Record<string, string>, search: URLSearchParams) => Promise<404 | undefined>;
}

/** A lazily loaded page: `module` is both what is imported and what the server preloads. */
const page = <K extends string>(
  path: string,
  module: string,
  load: () => Promise<Record<K, () => React.ReactNode>>,
  name: K,
  prefetch?: PublicPage['prefetch'],
): PublicPage => ({
  path,
  module,
  Page: lazy(async () => {
    const component: () => React.ReactNode = (await load())[name];
    return { default: component };
  }),
  prefetch,
});

export const PUBLIC_PAGES: readonly PublicPage[] = [
  page(
    '/',
    'pages/public/home/home-page.tsx',
    () => import('./pages/public/home/home-page'),
    'HomePage',
    async (api) => void (await api.campaign.list.prefetch(latestCampaignsInput)),
  ),
  page('/about', 'pages/public/about-page.tsx', () => import('./pages/public/about-page'), 'AboutPage'),
  page(
    '/get-involved',
    'pages/public/get-involved-page.tsx',
    () => import('./pages/public/get-involved-page'),
    'GetInvolvedPage',
  ),
  page('/volunteer', 'pages/public/volunteer-page.tsx', () => import('./pages/public/volunteer-page'), 'VolunteerPage'),
  page('/partner', 'pages/public/partner-page.tsx', () => import('./pages/public/partner-page'), 'PartnerPage'),
  page('/advocate', 'pages/public/advocate-page.tsx', () => import('./pages/public/advocate-page'), 'AdvocatePage'),
  page(
    '/partner-success',
    'pages/public/partner-success-page.tsx',
    () => import('./pages/public/partner-success-page'),
    'PartnerSuccessPage',
  ),
  page(
    '/campaigns',
    'pages/public/campaigns-page.tsx',
    () => import('./pages/public/campaigns-page'),
    'CampaignsPage',
    async (api, _params, search) => void (await api.campaign.list.prefetch(campaignsPageInput(search))),
  ),
  page(
    '/campaign/:id',
    'pages/public/campaign/campaign-page.tsx',
    () => import('./pages/public/campaign/campaign-page'),
    'CampaignPage',
    async (api, params) => {
      try {
        await api.campaign.byId.fetch({ id: params.id ?? '' });
        return undefined;
      } catch {
        // The failed query stays in the cache, so the page renders 'Campaign not found'.
        return 404;
      }
    },
  ),
  page(
    '/donate',
    'pages/public/donate-page.tsx',
    () => import('./pages/public/donate-page'),
    'DonatePage',
    async (api) => void (await api.campaign.defaultBank.prefetch()),
  ),
  page(
    '/volunteer-form',
    'pages/public/forms/volunteer-form-page.tsx',
    () => import('./pages/public/forms/volunteer-form-page'),
    'VolunteerFormPage',
  ),
  page(
    '/partner-form',
    'pages/public/forms/partner-form-page.tsx',
    () => import('./pages/public/forms/partner-form-page'),
    'PartnerFormPage',
  ),
  page(
    '/advocate-form',
    'pages/public/forms/advocate-form-page.tsx',
    () => import('./pages/public/forms/advocate-form-page'),
    'AdvocateFormPage',
  ),
  page(
    '/contact',
    'pages/public/forms/contact-page.tsx',
    () => import('./pages/public/forms/contact-page'),
    'ContactPage',
  ),
  page('/faqs', 'pages/public/legal/faqs-page.tsx', () => import('./pages/public/legal/faqs-page'), 'FaqsPage'),
  page('/terms', 'pages/public/legal/terms-page.tsx', () => import('./pages/public/legal/terms-page'), 'TermsPage'),
  page(
    '/privacy',
    'pages/public/legal/privacy-page.tsx',
    () => import('./pages/public/legal/privacy-page'),
    'PrivacyPage',
  ),
];

export const NOT_FOUND_PAGE: PublicPage = page(
  '*',
  'pages/public/not-found-page.tsx',
  () => import('./pages/public/not-found-page'),
  'NotFoundPage',
);

/** The paths the browser renders without the server: the sign-in page and the admin area. */
export const CLIENT_ONLY_PATH = /^\/(?:login|admin)(?:\/.*)?$/;

const LoginPage = lazy(() => import('./pages/admin/login-page'));
const AdminApp = lazy(() => import('./pages/admin/admin-app'));

const PageLoading = () => <div className="page-loading" aria-busy="true" />;

export function AppRoutes() {
  return (
    <Switch>
      <Route path={CLIENT_ONLY_PATH}>
        <Suspense fallback={<Spinner label={t('shell.loading')} />}>
          <Switch>
            <Route path="/login" component={LoginPage} />
            <Route component={AdminApp} />
          </Switch>
        </Suspense>
      </Route>
      <Route>
        <SiteLayout>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              {PUBLIC_PAGES.map(({ path, Page }) => (
                <Route key={path} path={path} component={Page} />
              ))}
              <Route component={NOT_FOUND_PAGE.Page} />
            </Switch>
          </Suspense>
        </SiteLayout>
      </Route>
    </Switch>
  );
}
