import { useEffect, useMemo, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { t } from '../../shared/messages';
import { metaForPath } from '../../shared/page-meta';
import { useDocumentMeta } from '../lib/use-document-meta';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Campaign pages set their own meta once the campaign has loaded. */
const ownsMeta = (pathname: string) => pathname.startsWith('/campaign/');

/** Header, main and footer of every public page. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  const meta = useMemo(() => (ownsMeta(pathname) ? null : metaForPath(pathname)), [pathname]);
  useDocumentMeta(meta);

  // After a client-side navigation, move focus to the new content so screen readers start there.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
