import { useMemo } from 'react';
import { Link, useParams } from 'wouter';
import { formatDate, formatNaira } from '../../../shared/format';
import { t } from '../../../shared/messages';
import { editionMeta, editionNotFoundMeta } from '../../../shared/page-meta';
import type { ArchiveCampaign, ArchiveEdition } from '../../../shared/schemas/editions';
import { CampaignImage } from '../../components/campaign-image';
import { FundingProgress } from '../../components/progress-bar';
import { RetryNotice } from '../../components/retry-notice';
import { Spinner } from '../../components/spinner';
import { failureMessage, isNotFound } from '../../lib/load-failure';
import { useSiteQuery } from '../../lib/site-data';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { MessagePage } from './message-page';
import { SubscribeBox, textLang } from './newsletter-archive-page';

/**
 * The edition's headings under the page's h1 (the subject): the levels the editor used, in order,
 * become h2, h3… with none skipped. The HTML is the server's sanitised output, whose headings
 * carry no attributes, so the tags are matched exactly.
 */
function underTheTitle(html: string): string {
  const levels = [...new Set([...html.matchAll(/<h([1-6])>/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  return html.replace(/<(\/?)h([1-6])>/g, (_, slash: string, level: string) => {
    const rank = levels.indexOf(Number(level));
    return `<${slash}h${rank === -1 ? level : Math.min(rank + 2, 6)}>`;
  });
}

function EditionNotFound() {
  return (
    <MessagePage title={t('archive.notFound')} text={t('archive.notFoundText')}>
      <Link to="/newsletter" className="btn btn--primary">
        {t('archive.back')}
      </Link>
    </MessagePage>
  );
}

/** The campaign an edition features: its picture, progress and a way to give. */
function FeaturedCampaign({ campaign }: { campaign: ArchiveCampaign }) {
  const href = `/campaign/${encodeURIComponent(campaign.id)}`;
  const lang = textLang(campaign.titleLanguage);
  return (
    <section className="edition__featured" aria-labelledby="featured-title">
      <h2 id="featured-title" className="edition__featured-label">
        {t('archive.featured')}
      </h2>
      <article className="campaign-card">
        {/* The image link repeats the title link, so it is hidden from the tab order and screen readers. */}
        <Link to={href} className="campaign-card__media" tabIndex={-1} aria-hidden="true">
          <CampaignImage
            src={campaign.image}
            alt=""
            width={640}
            height={400}
            sizes="(min-width: 1000px) 20rem, (min-width: 700px) 40rem, 100vw"
          />
        </Link>
        <div className="campaign-card__body">
          <h3 className="campaign-card__title" lang={lang}>
            <Link to={href}>{campaign.title}</Link>
          </h3>
          <div className="campaign-card__funding">
            <p className="campaign-card__amounts">
              {t('archive.raisedOf', {
                raised: formatNaira(campaign.amountRaised),
                target: formatNaira(campaign.target),
              })}
            </p>
            <FundingProgress raised={campaign.amountRaised} target={campaign.target} />
          </div>
          <Link to={href} className="btn btn--primary btn--block">
            {t('archive.give')}
            <span className="visually-hidden" lang={lang}>
              : {campaign.title}
            </span>
          </Link>
        </div>
      </article>
    </section>
  );
}

function Edition({ edition }: { edition: ArchiveEdition }) {
  const lang = textLang(edition.language);
  const html = useMemo(() => underTheTitle(edition.html), [edition.html]);
  return (
    <>
      <article className="edition">
        <header className="page-header edition__header">
          <div className="container">
            <Link to="/newsletter" className="link-back">
              {t('archive.back')}
            </Link>
            <h1 lang={lang}>{edition.subject}</h1>
            <p className="edition__date">
              <time dateTime={edition.startedAt}>{formatDate(edition.startedAt)}</time>
            </p>
            {lang && <p className="edition__language-note">{t('archive.inEnglish')}</p>}
          </div>
        </header>
        <div className={`container edition__layout${edition.campaign ? ' edition__layout--featured' : ''}`}>
          <div
            className="edition__body"
            lang={lang}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised against an allow-list on the server (server/newsletter/editions/markdown.ts).
            dangerouslySetInnerHTML={{ __html: html }}
          />
          {edition.campaign && <FeaturedCampaign campaign={edition.campaign} />}
        </div>
        <div className="container edition__footer">
          <Link to="/newsletter" className="link-back">
            {t('archive.back')}
          </Link>
        </div>
      </article>
      <SubscribeBox />
    </>
  );
}

/** One sent edition of the newsletter, as its readers got it, with the campaign it features. */
export function NewsletterEditionPage() {
  const { id = '' } = useParams();
  const query = useSiteQuery(
    'newsletter.edition',
    { id },
    {
      retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 1,
      // An edition the server already found missing stays 'not found' as rendered.
      retryOnMount: false,
    },
  );
  const meta = useMemo(
    () => (query.data ? editionMeta(query.data) : query.isError ? editionNotFoundMeta() : null),
    [query.data, query.isError],
  );
  useDocumentMeta(meta);

  if (query.isLoading) {
    return (
      <div className="container section">
        <Spinner label={t('archive.loading')} />
      </div>
    );
  }
  // An edition the server could not send (offline): said so, with Retry, never 'not found'.
  if (!query.data && query.isError && !isNotFound(query.error)) {
    return (
      <div className="container section">
        <RetryNotice message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!query.data) return <EditionNotFound />;
  return <Edition edition={query.data} />;
}
