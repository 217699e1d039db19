/**
 * The route table. Every public page is its own chunk, loaded on first visit, so the first visit to
 * a page downloads that page only.
 * /login and everything under /admin are client-rendered, in the admin's own chunks.
 */
import type { createServerSideHelpers } from '@trpc/react-query/server';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
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
  Page: ComponentType;
  /** Loads the page's code; once loaded, the page renders without suspending (hydration needs that). */
  preload(): Promise<void>;
  /**
   * The data the page shows, fetched on the server before it renders. Answers 404 when what the
   * page is about does not exist.
   */
  prefetch?: (api: PrefetchApi, params: Record<string, string>, search: URLSearchParams) => Promise<404 | undefined>;
}

/**
 * A lazily loaded page. Until its code is loaded it suspends like React.lazy; once loaded (the
 * browser loads the first page's code before hydrating) it renders at once, so hydration never
 * waits on it.
 */
const page = <K extends string>(
  path: string,
  load: () => Promise<Record<K, () => React.ReactNode>>,
  name: K,
  prefetch?: PublicPage['prefetch'],
): PublicPage => {
  let loaded: (() => React.ReactNode) | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Page = () => createElement(loaded ?? Lazy);
  return { path, Page, preload, prefetch };
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  page(
    '/',
    () => import('./pages/public/home/home-page'),
    'HomePage',
    async (api) => void (await api.campaign.list.prefetch(latestCampaignsInput)),
  ),
  page('/about', () => import('./pages/public/about-page'), 'AboutPage'),
  page('/get-involved', () => import('./pages/public/get-involved-page'), 'GetInvolvedPage'),
  page('/volunteer', () => import('./pages/public/volunteer-page'), 'VolunteerPage'),
  page('/partner', () => import('./pages/public/partner-page'), 'PartnerPage'),
  page('/advocate', () => import('./pages/public/advocate-page'), 'AdvocatePage'),
  page('/partner-success', () => import('./pages/public/partner-success-page'), 'PartnerSuccessPage'),
  page(
    '/campaigns',
    () => import('./pages/public/campaigns-page'),
    'CampaignsPage',
    async (api, _params, search) => void (await api.campaign.list.prefetch(campaignsPageInput(search))),
  ),
  page(
    '/campaign/:id',
    () => import('./pages/public/campaign/campaign-page'),
    'CampaignPage',
    async (api, params) => {
      try {
        await Promise.all([
          api.campaign.byId.fetch({ id: params.id ?? '' }),
          api.pledge.supporters.prefetch({ campaignId: params.id ?? '' }),
        ]);
        return undefined;
      } catch {
        // The failed query stays in the cache, so the page renders 'Campaign not found'.
        return 404;
      }
    },
  ),
  page(
    '/donate',
    () => import('./pages/public/donate-page'),
    'DonatePage',
    async (api) => void (await api.settings.public.prefetch()),
  ),
  page('/volunteer-form', () => import('./pages/public/forms/volunteer-form-page'), 'VolunteerFormPage'),
  page('/partner-form', () => import('./pages/public/forms/partner-form-page'), 'PartnerFormPage'),
  page('/advocate-form', () => import('./pages/public/forms/advocate-form-page'), 'AdvocateFormPage'),
  page(
    '/contact',
    () => import('./pages/public/forms/contact-page'),
    'ContactPage',
    async (api) => void (await api.settings.public.prefetch()),
  ),
  page(
    '/pledge/:reference',
    () => import('./pages/public/pledge-page'),
    'PledgePage',
    async (api, params) => {
      try {
        await api.pledge.page.fetch({ reference: params.reference ?? '' });
        return undefined;
      } catch {
        return 404;
      }
    },
  ),
  page('/faqs', () => import('./pages/public/legal/faqs-page'), 'FaqsPage'),
  page('/terms', () => import('./pages/public/legal/terms-page'), 'TermsPage'),
  page('/privacy', () => import('./pages/public/legal/privacy-page'), 'PrivacyPage'),
];

export const NOT_FOUND_PAGE: PublicPage = page('*', () => import('./pages/public/not-found-page'), 'NotFoundPage');

/** The public page a path shows, with its parameters; the not-found page when none matches. */
export function matchPublicPage(pathname: string): { page: PublicPage; params: Record<string, string> } {
  for (const page of PUBLIC_PAGES) {
    const [matches, params] = matchRoute(parse, page.path, pathname);
    if (matches) return { page, params: (params ?? {}) as Record<string, string> };
  }
  return { page: NOT_FOUND_PAGE, params: {} };
}

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
