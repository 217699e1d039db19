import { useState } from 'react';
import { CAMPAIGN_LOCATIONS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { deferredPart } from '../../../components/deferred-part';
import { RetryBoundary } from '../../../components/retry-notice';
import { useDataSaver } from '../../../lib/data-saver';
import { lazyNearScreen, NearScreen, retryableLazy } from '../../../lib/near-screen';
import { CallToAction } from './call-to-action';
import { FocusAreas } from './focus-areas';
import { HomeHero } from './home-hero';
import { LatestCampaigns } from './latest-campaigns';
import { MapStates } from './map-states';

// Below the fold and the heaviest parts of the page: the map's drawing (in the browser only)
// and the form validation (the server renders the form, which works as plain HTML until then).
const NorthernMap = retryableLazy(() => import('./northern-map'));
const NewsletterSignup = deferredPart(
  lazyNearScreen('#newsletter-title', () => import('./newsletter-signup')),
  <div className="newsletter__placeholder" />,
);

export function HomePage() {
  // With data saver on, the map's code and paths load only when asked for.
  const saver = useDataSaver();
  const [mapAsked, setMapAsked] = useState(false);
  return (
    <>
      <HomeHero />
      <LatestCampaigns />
      <FocusAreas />
      <section className="section section--tinted" aria-labelledby="map-title">
        <div className="container map-section">
          <div className="section__intro">
            <h2 id="map-title">{t('home.mapTitle')}</h2>
            <p>{t('home.mapText', { count: CAMPAIGN_LOCATIONS.length })}</p>
          </div>
          <figure className="map">
            {saver && !mapAsked ? (
              <button type="button" className="map-placeholder map-placeholder--ask" onClick={() => setMapAsked(true)}>
                {t('home.showMap')}
              </button>
            ) : (
              <NearScreen placeholder={<div className="map-placeholder" aria-busy="true" />}>
                <RetryBoundary onRetry={NorthernMap.retry}>
                  <NorthernMap />
                </RetryBoundary>
              </NearScreen>
            )}
            <MapStates />
          </figure>
        </div>
      </section>
      <CallToAction />
      <section className="section newsletter" aria-labelledby="newsletter-title">
        <div className="container">
          <div className="newsletter__inner">
            <div>
              <h2 id="newsletter-title">{t('home.newsletterTitle')}</h2>
              <p>{t('home.newsletterText')}</p>
            </div>
            {/* Code that did not arrive says so, with Retry, in place of the form; never the whole page. */}
            <NewsletterSignup />
          </div>
        </div>
      </section>
    </>
  );
}
