import { Link } from 'wouter';
import { CAMPAIGN_LOCATIONS, type CampaignLocation } from '../../../../shared/constants';
import { choiceLabel, t } from '../../../../shared/messages';
import { useSiteQuery } from '../../../lib/site-data';

/** The campaigns page showing one state's campaigns. */
export const campaignsHref = (state: CampaignLocation) => `/campaigns?location=${encodeURIComponent(state)}`;

/** Each state's count of campaigns, 0 while the counts load: the chips' and the drawing's. */
export function useStateCounts(): (state: CampaignLocation) => number {
  const counts = useSiteQuery('campaign.countByLocation', undefined);
  return (state) => counts.data?.[state] ?? 0;
}

/**
 * The map's chips (each northern state with its count of campaigns, a link to them) and its key.
 * Rendered with the page, unlike the map's drawing (northern-map.tsx), which loads near the
 * screen: only the drawing's place is held for it, a box of its exact shape, so nothing below
 * moves when it arrives; and the links work before any script, or without the map on data saver.
 */
export function MapStates() {
  const countOf = useStateCounts();
  return (
    <>
      <ul className="map__chips">
        {CAMPAIGN_LOCATIONS.map((state) => {
          const count = countOf(state);
          return (
            <li key={state}>
              <Link to={campaignsHref(state)} className={`chip${count > 0 ? ' chip--active' : ''}`}>
                {choiceLabel(state)}{' '}
                <span className="chip__count" aria-hidden="true">
                  {count}
                </span>
                <span className="visually-hidden">{t('home.mapChip', { count })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <figcaption className="map__legend">
        <span>
          <span className="map__key map__key--active" aria-hidden="true" />
          {t('home.mapLegendActive')}
        </span>
        <span>
          <span className="map__key map__key--north" aria-hidden="true" />
          {t('home.mapLegendNorth')}
        </span>
        <small className="map__credit">{t('home.mapCredit')}</small>
      </figcaption>
    </>
  );
}
