import nigeriaMap from '@svg-maps/nigeria';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { CAMPAIGN_LOCATIONS, type CampaignLocation } from '../../../../shared/constants';
import { choiceLabel, t } from '../../../../shared/messages';
import { useNavigate } from '../../../lib/navigation';
import { campaignsHref, useStateCounts } from './map-states';

/** The package ships its data without types of its own. */
const nigeria = nigeriaMap as { viewBox: string; locations: { id: string; name: string; path: string }[] };

/** The map package spells one state differently from the spec's list. */
const MAP_ID_OVERRIDES: Partial<Record<CampaignLocation, string>> = { Nasarawa: 'nassarawa' };
const mapIdOf = (state: CampaignLocation) => MAP_ID_OVERRIDES[state] ?? state.toLowerCase();
const STATE_BY_MAP_ID = new Map(CAMPAIGN_LOCATIONS.map((state) => [mapIdOf(state), state]));

const stateLabel = (state: CampaignLocation, count: number) => t('home.mapState', { state: choiceLabel(state), count });

type Centres = Record<string, { x: number; y: number }>;

/** Badge positions: the centre of each northern state's bounding box, measured once drawn. */
function useStateCentres(svgRef: RefObject<SVGSVGElement | null>): Centres {
  const [centres, setCentres] = useState<Centres>({});
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const found: Centres = {};
    for (const path of svg.querySelectorAll<SVGPathElement>('path[data-state]')) {
      if (typeof path.getBBox !== 'function') return; // not laid out (tests without a layout engine)
      const box = path.getBBox();
      found[path.dataset.state as string] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    setCentres(found);
  }, [svgRef]);
  return centres;
}

/**
 * All of Nigeria with the 19 northern states of the campaign list highlighted. Each northern state
 * links to its campaigns; the chips below it (map-states.tsx) repeat the links as large touch targets.
 */
export default function NorthernMap() {
  const countOf = useStateCounts();
  const navigate = useNavigate();
  const svgRef = useRef<SVGSVGElement>(null);
  const centres = useStateCentres(svgRef);

  return (
    <svg ref={svgRef} className="map__svg" viewBox={nigeria.viewBox}>
      <title>{t('home.mapLabel')}</title>
      {nigeria.locations.map((location) => {
        const state = STATE_BY_MAP_ID.get(location.id);
        if (!state) return <path key={location.id} d={location.path} className="map__state" />;
        const count = countOf(state);
        const href = campaignsHref(state);
        return (
          <a
            key={location.id}
            href={href}
            className={`map__link${count > 0 ? ' map__link--active' : ''}`}
            aria-label={stateLabel(state, count)}
            onClick={(event) => {
              event.preventDefault();
              navigate(href);
            }}
          >
            <path d={location.path} data-state={state} className="map__state map__state--north" />
          </a>
        );
      })}
      <g className="map__badges">
        {CAMPAIGN_LOCATIONS.filter((state) => countOf(state) > 0 && centres[state]).map((state) => {
          const centre = centres[state]!;
          return (
            <g key={state} transform={`translate(${centre.x} ${centre.y})`}>
              <circle r="20" className="map__badge" />
              <text className="map__badge-text" textAnchor="middle" dominantBaseline="central">
                {countOf(state)}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
