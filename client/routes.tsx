/**
 * The route table. Every public page is its own chunk, loaded on first visit, so the first visit to
 * a page downloads that page only.
 * /login and everything under /admin are client-rendered, in the admin's own chunks.
 */
import { type ComponentType, createElement, lazy, Suspense, useEffect, useRef } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch, useLocation } from 'wouter';
import { getLocale, type Locale, t } from '../shared/messages';
import { CLIENT_ONLY_PATH } from '../shared/page-privacy';
import { RetryBoundary } from './components/retry-notice';
import { Spinner } from './components/spinner';
import { SiteLayout } from './layout/site-layout';
import { loadMessages, loadStaffMessages } from './lib/catalogue';
import { loadWaitingParts } from './lib/near-screen';
import { setPagePreloader } from './lib/page-preload';
import { applyWebFonts } from './lib/web-fonts';

export interface PublicPage {
  /** The path pattern (wouter's: `:name` parameters, an optional trailing slash). */
  path: string;
  Page: ComponentType;
  /** Loads the page's code; once loaded, the page renders without suspending (hydration needs that). */
  preload(): Promise<void>;
  /**
   * Key prefixes of texts the page may show without a tap beyond those its server render shows
   * (its scripts' own states): sent with the page too (client/lib/catalogue.ts).
   */
  texts?: readonly string[];
}

/**
 * A lazily loaded page. Until its code is loaded it suspends like React.lazy; once loaded (the
 * browser loads the first page's code before hydrating) it renders at once, so hydration never
 * waits on it. A page with texts of its own per language (the legal pages) loads the module of
 * the language shown: kept per language, since the server renders both.
 */
const page = <K extends string>(
  path: string,
  load: (locale: Locale) => Promise<Record<K, () => React.ReactNode>>,
  name: K,
  texts?: PublicPage['texts'],
): PublicPage => {
  const loaded = new Map<Locale, () => React.ReactNode>();
  const loading = new Map<Locale, Promise<void>>();
  const lazies = new Map<Locale, ComponentType>();
  const preload = (locale: Locale = getLocale()) => {
    let promise = loading.get(locale);
    if (!promise) {
      promise = load(locale).then(
        (module) => void loaded.set(locale, module[name]),
        (error: unknown) => {
          // Code that did not arrive (offline): the next render, after Retry, fetches it again.
          loading.delete(locale);
          lazies.delete(locale);
          throw error;
        },
      );
      loading.set(locale, promise);
    }
    return promise;
  };
  const lazyFor = (locale: Locale) => {
    let component = lazies.get(locale);
    if (!component) {
      // Moving to another page: its code, and the whole catalogue (the first page came with its own texts only).
      component = lazy(async () => {
        await Promise.all([preload(locale), loadMessages(locale)]);
        return { default: loaded.get(locale)! };
      });
      lazies.set(locale, component);
    }
    return component;
  };
  const Page = () => {
    const locale = getLocale();
    return createElement(loaded.get(locale) ?? lazyFor(locale));
  };
  return { path, Page, preload: () => preload(), texts };
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  page('/', () => import('./pages/public/home/home-page'), 'HomePage'),
  page('/about', () => import('./pages/public/about-page'), 'AboutPage'),
  page('/get-involved', () => import('./pages/public/get-involved-page'), 'GetInvolvedPage'),
  page('/volunteer', () => import('./pages/public/volunteer-page'), 'VolunteerPage'),
  page('/partner', () => import('./pages/public/partner-page'), 'PartnerPage'),
  page('/advocate', () => import('./pages/public/advocate-page'), 'AdvocatePage'),
  page('/partner-success', () => import('./pages/public/partner-success-page'), 'PartnerSuccessPage'),
  page('/campaigns', () => import('./pages/public/campaigns-page'), 'CampaignsPage'),
  page(
    '/campaign/:id',
    () => import('./pages/public/campaign/campaign-page'),
    'CampaignPage',
    // The give form's words once its script runs (the button names the way chosen).
    ['give.', 'pay.'],
  ),
  page('/donate', () => import('./pages/public/donate-page'), 'DonatePage'),
  page('/volunteer-form', () => import('./pages/public/forms/volunteer-form-page'), 'VolunteerFormPage'),
  page('/partner-form', () => import('./pages/public/forms/partner-form-page'), 'PartnerFormPage'),
  page('/advocate-form', () => import('./pages/public/forms/advocate-form-page'), 'AdvocateFormPage'),
  page('/contact', () => import('./pages/public/forms/contact-page'), 'ContactPage'),
  page('/pledge/:reference', () => import('./pages/public/pledge-page'), 'PledgePage'),
  // "Find my pledge": the links to a lost pledge, mailed to the pledge's email.
  page('/pledge-lookup', () => import('./pages/public/pledge-lookup-page'), 'PledgeLookupPage'),
  page('/newsletter/confirm', () => import('./pages/public/newsletter-confirm-page'), 'NewsletterConfirmPage'),
  page(
    '/newsletter/unsubscribe',
    () => import('./pages/public/newsletter-unsubscribe-page'),
    'NewsletterUnsubscribePage',
  ),
  // After the mailed links' pages, which must match first.
  page('/newsletter', () => import('./pages/public/newsletter-archive-page'), 'NewsletterArchivePage'),
  page('/newsletter/:id', () => import('./pages/public/newsletter-edition-page'), 'NewsletterEditionPage'),
  page(
    '/faqs',
    (locale) =>
      locale === 'ha' ? import('./pages/public/legal/faqs-page-ha') : import('./pages/public/legal/faqs-page'),
    'FaqsPage',
  ),
  page(
    '/terms',
    (locale) =>
      locale === 'ha' ? import('./pages/public/legal/terms-page-ha') : import('./pages/public/legal/terms-page'),
    'TermsPage',
  ),
  page(
    '/privacy',
    (locale) =>
      locale === 'ha' ? import('./pages/public/legal/privacy-page-ha') : import('./pages/public/legal/privacy-page'),
    'PrivacyPage',
  ),
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

// A page may get the next one's code ready before moving there (the give form, the pledge page).
setPagePreloader((pathname) =>
  Promise.all([matchPublicPage(pathname).page.preload(), loadMessages(getLocale())]).then(() => {}),
);

/** A staff page: its code and the staff texts in the visitor's language, fetched together. */
const staffPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(() =>
    Promise.all([load(), loadMessages(getLocale()), loadStaffMessages(getLocale())]).then(([module]) => module),
  );
const LoginPage = staffPage(() => import('./pages/admin/login-page'));
const ForgotPasswordPage = staffPage(() => import('./pages/admin/forgot-password-page'));
const ResetPasswordPage = staffPage(() => import('./pages/admin/reset-password-page'));
const AdminApp = staffPage(() => import('./pages/admin/admin-app'));
/** The dashboard's tRPC hooks, which only the staff pages use. */
const TrpcProvider = lazy(() => import('./lib/trpc-provider'));

/** While the next page's code arrives: the spinner, so a slow connection never shows a blank page. */
const PageLoading = () => (
  <div className="page-loading" aria-busy="true">
    <Spinner label={t('shell.loading')} />
  </div>
);

export function AppRoutes() {
  const [path] = useLocation();
  // Once the app has moved to another page, parts left waiting on the first one load at once,
  // and the web fonts are used from this page on (it is drawn anew anyway).
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    loadWaitingParts();
    applyWebFonts();
  }, [path]);
  return (
    <Switch>
      <Route path={CLIENT_ONLY_PATH}>
        <Suspense fallback={<Spinner label={t('shell.loading')} />}>
          <TrpcProvider>
            <Switch>
              <Route path="/login" component={LoginPage} />
              <Route path="/forgot-password" component={ForgotPasswordPage} />
              <Route path="/reset-password" component={ResetPasswordPage} />
              <Route component={AdminApp} />
            </Switch>
          </TrpcProvider>
        </Suspense>
      </Route>
      <Route>
        <SiteLayout>
          {/* A page whose code did not arrive says so, with Retry; going to another page clears it. */}
          <RetryBoundary resetKey={path} frame="container section">
            <Suspense fallback={<PageLoading />}>
              <Switch>
                {PUBLIC_PAGES.map(({ path, Page }) => (
                  <Route key={path} path={path} component={Page} />
                ))}
                <Route component={NOT_FOUND_PAGE.Page} />
              </Switch>
            </Suspense>
          </RetryBoundary>
        </SiteLayout>
      </Route>
    </Switch>
  );
}
