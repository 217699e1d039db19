import { Link } from 'wouter';
import { HOME_LATEST_CAMPAIGNS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { CampaignGrid } from '../../../components/campaign-grid';
import { ArrowRight } from '../../../components/icons/arrow-right';
import { useSiteQuery } from '../../../lib/site-data';
import { latestCampaignsInput } from '../page-queries';

/** The newest three campaigns, newest first. */
export function LatestCampaigns() {
  const campaigns = useSiteQuery('campaign.cards', latestCampaignsInput);
  return (
    <section className="section" aria-labelledby="latest-title">
      <div className="container">
        <div className="section__head">
          <div className="section__intro">
            <h2 id="latest-title">{t('home.latestTitle')}</h2>
            <p>{t('home.latestText')}</p>
          </div>
          <Link to="/campaigns" className="link-arrow">
            {t('common.viewAllCampaigns')}
            <ArrowRight aria-hidden="true" size={18} />
          </Link>
        </div>
        <CampaignGrid
          campaigns={campaigns.data?.slice(0, HOME_LATEST_CAMPAIGNS)}
          isLoading={campaigns.isLoading}
          isError={campaigns.isError}
          onRetry={() => void campaigns.refetch()}
          skeletons={HOME_LATEST_CAMPAIGNS}
        />
      </div>
    </section>
  );
}
