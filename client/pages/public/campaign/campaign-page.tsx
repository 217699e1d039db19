import { type ComponentProps, Suspense, useMemo } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { campaignTexts, langOf } from '../../../../shared/campaign-language';
import { formatDate, formatNaira } from '../../../../shared/format';
import type { WithImageInfo } from '../../../../shared/image-path';
import { choiceLabel, getLocale, t } from '../../../../shared/messages';
import { pathInLanguage } from '../../../../shared/page-language';
import { campaignMeta, campaignNotFoundMeta } from '../../../../shared/page-meta';
import type { Campaign } from '../../../../shared/schemas/campaign';
import type { BankDetails as BankDetailsPart } from '../../../components/bank-details';
import { CampaignImage } from '../../../components/campaign-image';
import { deferredPart } from '../../../components/deferred-part';
import { Calendar } from '../../../components/icons/calendar';
import { MapPin } from '../../../components/icons/map-pin';
import { Tag } from '../../../components/icons/tag';
import { NumberedText } from '../../../components/numbered-text';
import type { ShareLinks as ShareLinksPart } from '../../../components/share-links';
import { Spinner } from '../../../components/spinner';
import { lazyNearScreen, lazyOnUse, retryableLazy } from '../../../lib/near-screen';
import { useSiteQuery } from '../../../lib/site-data';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import type { CampaignGallery as GalleryPart } from './campaign-gallery';
import { DonationSplit } from './donation-split';
import { FundingSummary } from './funding-summary';
import { GiveOfflineNotice, useOffline } from './give-offline';
import type { SupporterWall as SupporterWallPart } from './supporter-wall';

/**
 * The give form and its form model load once the donor points at, taps or focuses the panel: the
 * server renders the form in full, and it posts as plain HTML until then, so a visitor who only
 * reads the campaign downloads none of it.
 */
const GiveForm = deferredPart(
  lazyOnUse('#give', () => import('./give-form')),
  <div className="give-form give-form--loading" />,
);
/** Parts below the first screen on a phone: their code comes as they near it. */
const BankDetails = deferredPart(
  lazyNearScreen<ComponentProps<typeof BankDetailsPart>>('.give-panel .bank-details', () =>
    import('../../../components/bank-details').then((m) => ({ default: m.BankDetails })),
  ),
);
const ShareLinks = deferredPart(
  lazyNearScreen<ComponentProps<typeof ShareLinksPart>>('#share-title', () =>
    import('../../../components/share-links').then((m) => ({ default: m.ShareLinks })),
  ),
);
const CampaignGallery = deferredPart(
  lazyNearScreen<ComponentProps<typeof GalleryPart>>('#gallery-title', () =>
    import('./campaign-gallery').then((m) => ({ default: m.CampaignGallery })),
  ),
);
const SupporterWall = deferredPart(
  lazyNearScreen<ComponentProps<typeof SupporterWallPart>>('#supporters-title', () =>
    import('./supporter-wall').then((m) => ({ default: m.SupporterWall })),
  ),
);
/** "Not found" or a failure with Retry (./campaign-problem.tsx). */
const CampaignProblem = retryableLazy(() => import('./campaign-problem'));

const PageSpinner = () => (
  <div className="container section">
    <Spinner label={t('detail.loading')} />
  </div>
);

function OverviewSection({ title, text, lang }: { title: string; text: string; lang: 'en' | undefined }) {
  if (!text.trim()) return null;
  return (
    <section className="detail-block">
      <h3>{title}</h3>
      <div lang={lang}>
        <NumberedText text={text} />
      </div>
    </section>
  );
}

/** The page of one campaign; also drawn by the campaign editor's preview from unsaved values. */
export function CampaignDetail({ campaign, refused }: { campaign: WithImageInfo<Campaign>; refused: boolean }) {
  const texts = campaignTexts(campaign);
  const { overview } = texts;
  // Whether the give panel offers paying online: the server renders the page with it (client/routes.tsx).
  const settings = useSiteQuery('settings.public', undefined, { staleTime: Number.POSITIVE_INFINITY });
  const online = settings.data?.online.enabled ? settings.data.online : undefined;
  // Offline no pledge can be made (its reference comes from the server): the form is set aside.
  const offline = useOffline();
  // Shared in the language it is read in; on the site's configured address (the server renders it from the settings).
  const siteUrl = settings.data?.siteUrl ?? (typeof window === 'undefined' ? undefined : window.location.origin);
  const shareUrl = siteUrl && `${siteUrl}${pathInLanguage(`/campaign/${campaign._id}`, getLocale())}`;
  return (
    <article className="campaign-detail">
      <header className="campaign-detail__header">
        <div className="container">
          <Link to="/campaigns" className="link-back">
            {t('common.backToCampaigns')}
          </Link>
          <h1 lang={langOf(texts, 'title')}>{texts.title}</h1>
          {texts.inEnglish.size > 0 && <p className="campaign-detail__language-note">{t('language.notYetInHausa')}</p>}
          <ul className="meta-list">
            <li>
              <MapPin aria-hidden="true" size={18} />
              <span className="visually-hidden">{t('campaign.location')}: </span>
              {choiceLabel(campaign.location)}
            </li>
            {campaign.category && (
              <li>
                <Tag aria-hidden="true" size={18} />
                <span className="visually-hidden">{t('campaign.category')}: </span>
                {choiceLabel(campaign.category)}
              </li>
            )}
            {campaign.endDate && (
              <li>
                <Calendar aria-hidden="true" size={18} />
                {t('detail.endDate')} {formatDate(campaign.endDate)}
              </li>
            )}
          </ul>
        </div>
      </header>
      <div className="container campaign-detail__layout">
        <div className="campaign-detail__top">
          <CampaignImage
            className="campaign-detail__image"
            src={campaign.image}
            alt={t('campaign.imageAlt', { title: texts.title })}
            width={1024}
            height={640}
            sizes="(min-width: 1100px) 44rem, 100vw"
            loading="eager"
            fetchPriority="high"
            info={campaign.imageInfo?.[campaign.image]}
          />
        </div>
        {/* On a phone giving comes right after the picture and progress; on a wide screen, beside. */}
        <aside className="campaign-detail__aside" aria-labelledby="give-title">
          <div className="panel give-panel" id="give">
            <h2 id="give-title" className="panel__title">
              {t('give.title')}
            </h2>
            <FundingSummary campaign={campaign} />
            {offline && <GiveOfflineNotice />}
            {/* Hidden, not removed: what the donor filled in is still there once online. */}
            <div className="give-panel__pledge" hidden={offline}>
              <p className="small">{t(online ? 'pay.intro' : 'give.intro')}</p>
              {/* The form's code not arriving says so in the page's language, with Retry. */}
              {/* Keyed: settings arriving after a move within the app start the form with its ways. */}
              <GiveForm
                key={online ? 'online' : 'transfer'}
                campaignId={campaign._id}
                refused={refused}
                online={online}
              />
            </div>
            <h3 className="panel__subtitle">{t('give.orTransfer')}</h3>
            <p className="give-panel__reference-note">{t('give.referenceNote')}</p>
            <BankDetails account={campaign} copyable />
            {shareUrl && (
              <>
                <h3 className="panel__subtitle" id="share-title">
                  {t('share.campaignHeading')}
                </h3>
                <ShareLinks title={texts.title} url={shareUrl} />
              </>
            )}
          </div>
        </aside>
        <div className="campaign-detail__main">
          {texts.description && (
            <p className="campaign-detail__lead" lang={langOf(texts, 'description')}>
              {texts.description}
            </p>
          )}

          <section className="detail-block" aria-labelledby="overview-title">
            <h2 id="overview-title">{t('detail.overview')}</h2>
            <dl className="facts">
              <div>
                <dt>{t('campaign.location')}</dt>
                <dd>{t('campaign.locationState', { location: choiceLabel(campaign.location) })}</dd>
              </div>
              {campaign.category && (
                <div>
                  <dt>{t('campaign.category')}</dt>
                  <dd>{choiceLabel(campaign.category)}</dd>
                </div>
              )}
              <div>
                <dt>{t('campaign.target')}</dt>
                <dd>{formatNaira(campaign.target)}</dd>
              </div>
            </dl>
            {overview.mainText && (
              <div lang={langOf(texts, 'mainText')}>
                <NumberedText text={overview.mainText} />
              </div>
            )}
            <OverviewSection
              title={t('detail.challenge')}
              text={overview.challengeText}
              lang={langOf(texts, 'challengeText')}
            />
            <OverviewSection
              title={t('detail.solution')}
              text={overview.solutionText}
              lang={langOf(texts, 'solutionText')}
            />
            <OverviewSection title={t('detail.impact')} text={overview.impactText} lang={langOf(texts, 'impactText')} />
          </section>

          <section className="detail-block" aria-labelledby="split-title">
            <h2 id="split-title">{t('detail.split')}</h2>
            <DonationSplit />
          </section>

          {campaign.galleryImages.length > 0 && (
            <section className="detail-block" aria-labelledby="gallery-title">
              <h2 id="gallery-title">{t('detail.gallery')}</h2>
              <CampaignGallery images={campaign.galleryImages} title={texts.title} info={campaign.imageInfo} />
            </section>
          )}

          <SupporterWall campaignId={campaign._id} raised={campaign.amountRaised} />

          <section className="detail-block" aria-labelledby="updates-title">
            <h2 id="updates-title">{t('detail.updates')}</h2>
            {texts.updates.length === 0 ? (
              <p className="muted">{t('detail.noUpdates')}</p>
            ) : (
              <ol className="timeline">
                {texts.updates.map((update) => (
                  <li key={update._id}>
                    <time dateTime={update.date}>{formatDate(update.date)}</time>
                    <p lang={update.lang}>{update.content}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

export function CampaignPage() {
  const { id = '' } = useParams();
  // A refused HTML post of the give form comes back here (server/giving/rest.ts).
  const refused = useSearch().includes('pledge=refused');
  const query = useSiteQuery(
    'campaign.byId',
    { id },
    {
      retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 1,
      // A campaign the server already found missing stays 'not found' as rendered, without a
      // second request or a spinner in between.
      retryOnMount: false,
    },
  );
  const meta = useMemo(
    () => (query.data ? campaignMeta(query.data) : query.isError ? campaignNotFoundMeta() : null),
    [query.data, query.isError],
  );
  useDocumentMeta(meta);

  if (query.isLoading) return <PageSpinner />;
  if (!query.data)
    return (
      <Suspense fallback={<PageSpinner />}>
        <CampaignProblem error={query.isError ? query.error : null} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  return <CampaignDetail campaign={query.data} refused={refused} />;
}
