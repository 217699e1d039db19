import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { formatDate } from '../../../shared/format';
import { getLocale, t } from '../../../shared/messages';
import type { ArchiveItem } from '../../../shared/schemas/editions';
import { deferredPart } from '../../components/deferred-part';
import { PageHeader } from '../../components/page-header';
import { RetryNotice } from '../../components/retry-notice';
import { Spinner } from '../../components/spinner';
import { lazyNearScreen } from '../../lib/near-screen';
import { useSiteQuery } from '../../lib/site-data';
import { archivePageInput } from './page-queries';

/** The home page's sign-up form: its validation loads as the box nears the screen; the server renders it in full. */
const NewsletterSignup = deferredPart(
  lazyNearScreen('#newsletter-title', () => import('./home/newsletter-signup')),
  <div className="newsletter__placeholder" />,
);

/** The address of a sent edition's page (shared/schemas/editions.ts `editionPath`, without its schemas). */
export const editionHref = (id: string) => `/newsletter/${encodeURIComponent(id)}`;

/** lang="en" on text shown in English to a reader of another language; nothing when it is the page's. */
export const textLang = (language: 'en' | 'ha') => (language === getLocale() ? undefined : language);

/** The newsletter sign-up box at the end of the archive's pages. */
export function SubscribeBox() {
  return (
    <section className="section newsletter archive-subscribe" aria-labelledby="newsletter-title">
      <div className="container">
        <div className="newsletter__inner">
          <div>
            <h2 id="newsletter-title">{t('archive.subscribeTitle')}</h2>
            <p>{t('archive.subscribeText')}</p>
          </div>
          <NewsletterSignup />
        </div>
      </div>
    </section>
  );
}

function ArchiveEntry({ item }: { item: ArchiveItem }) {
  const href = editionHref(item.id);
  const lang = textLang(item.language);
  return (
    <li className="archive-item">
      <article>
        <h2 className="archive-item__title" lang={lang}>
          <Link to={href}>{item.subject}</Link>
        </h2>
        <p className="archive-item__date">
          <time dateTime={item.startedAt}>{formatDate(item.startedAt)}</time>
        </p>
        {item.excerpt && (
          <p className="archive-item__excerpt" lang={lang}>
            {item.excerpt}
          </p>
        )}
        <Link to={href} className="link-arrow archive-item__read">
          {t('archive.read')}
          <span className="visually-hidden" lang={lang}>
            : {item.subject}
          </span>
          <span aria-hidden="true"> →</span>
        </Link>
      </article>
    </li>
  );
}

/** Sent editions, newest first, a page at a time: `?before=` links, so paging works without script. */
export function NewsletterArchivePage() {
  const [params] = useSearchParams();
  const input = archivePageInput(params);
  const archive = useSiteQuery('newsletter.archive', input);
  const shownBefore = useRef(input.before);

  // Another page of editions: start at its top, as a page of its own would.
  useEffect(() => {
    if (shownBefore.current === input.before) return;
    shownBefore.current = input.before;
    window.scrollTo(0, 0);
  }, [input.before]);

  const items = archive.data?.items ?? [];
  const next = archive.data?.next ?? null;
  return (
    <>
      <PageHeader title={t('archive.title')} lead={t('archive.lead')} />
      <section className="section section--compact">
        <div className="container">
          {archive.isLoading ? (
            <Spinner label={t('archive.loading')} />
          ) : archive.isError ? (
            <RetryNotice message={t('archive.failed')} onRetry={() => void archive.refetch()} />
          ) : items.length === 0 ? (
            <p className="archive__empty">{t('archive.empty')}</p>
          ) : (
            <ol className="archive-list" aria-label={t('archive.listLabel')}>
              {items.map((item) => (
                <ArchiveEntry key={item.id} item={item} />
              ))}
            </ol>
          )}
          {(input.before || next) && (
            <nav className="archive__pages" aria-label={t('archive.pages')}>
              {input.before && (
                <Link to="/newsletter" className="btn btn--outline-dark">
                  {t('archive.newest')}
                </Link>
              )}
              {next && (
                <Link to={`/newsletter?before=${encodeURIComponent(next)}`} className="btn btn--primary">
                  {t('archive.older')}
                </Link>
              )}
            </nav>
          )}
        </div>
      </section>
      <SubscribeBox />
    </>
  );
}
