import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { t } from '../../shared/messages';
import { metaForPath } from '../../shared/page-meta';
import { useDocumentMeta } from '../lib/use-document-meta';
import { OfflineBar } from './offline-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Set by a back or forward step until the page it shows has rendered: the browser restores its scroll. */
let historyStep = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    historyStep = true;
    setTimeout(() => (historyStep = false), 500);
  });
}
const takeHistoryStep = () => {
  const was = historyStep;
  historyStep = false;
  return was;
};

/** Campaign and newsletter edition pages set their own meta once what they show has loaded. */
const ownsMeta = (pathname: string) =>
  pathname.startsWith('/campaign/') || /^\/newsletter\/(?!(?:confirm|unsubscribe)\/?$)[^/]+\/?$/.test(pathname);

/** Header, main and footer of every public page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  const meta = useMemo(() => (ownsMeta(pathname) ? null : metaForPath(pathname)), [pathname]);
  useDocumentMeta(meta);

  // After a client-side navigation, start the new page at its top and move focus to its content,
  // so screen readers start there too. Back and forward keep the browser's own scroll restoration.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (!takeHistoryStep()) window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <OfflineBar />
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
