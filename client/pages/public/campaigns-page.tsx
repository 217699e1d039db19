import { useSearchParams } from 'react-router';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LOCATIONS } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { CampaignGrid } from '../../components/campaign-grid';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';

const pick = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/** All campaigns, filtered by state and category; the filters live in the URL so links can share them. */
export function CampaignsPage() {
  const [params, setParams] = useSearchParams();
  const location = pick(CAMPAIGN_LOCATIONS, params.get('location'));
  const category = pick(CAMPAIGN_CATEGORIES, params.get('category'));
  const campaigns = trpc.campaign.list.useQuery({ order: 'newest', location, category });

  const setFilter = (name: 'location' | 'category', value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const filtered = Boolean(location || category);
  const count = campaigns.data?.length;

  return (
    <>
      <PageHeader title={t('campaigns.title')} lead={t('campaigns.intro')} />
      <section className="section section--compact">
        <div className="container">
          <form className="filters" aria-label={t('campaigns.filters')} onSubmit={(e) => e.preventDefault()}>
            <div className="field">
              <label htmlFor="filter-location" className="field__label">
                {t('campaigns.filterLocation')}
              </label>
              <select
                id="filter-location"
                className="field__control field__control--select"
                value={location ?? ''}
                onChange={(e) => setFilter('location', e.target.value)}
              >
                <option value="">{t('campaigns.allLocations')}</option>
                {CAMPAIGN_LOCATIONS.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="filter-category" className="field__label">
                {t('campaigns.filterCategory')}
              </label>
              <select
                id="filter-category"
                className="field__control field__control--select"
                value={category ?? ''}
                onChange={(e) => setFilter('category', e.target.value)}
              >
                <option value="">{t('campaigns.allCategories')}</option>
                {CAMPAIGN_CATEGORIES.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </div>
            {filtered && (
              <button
                type="button"
                className="btn btn--text"
                onClick={() => setParams(new URLSearchParams(), { replace: true })}
              >
                {t('campaigns.clearFilters')}
              </button>
            )}
          </form>
          <p className="filters__count" role="status">
            {count === undefined ? '' : count === 1 ? t('campaigns.countOne') : t('campaigns.count', { count })}
          </p>
          <CampaignGrid
            campaigns={campaigns.data}
            isLoading={campaigns.isLoading}
            isError={campaigns.isError}
            onRetry={() => void campaigns.refetch()}
            skeletons={6}
            headingLevel={2}
            emptyText={filtered ? t('campaigns.emptyFiltered') : t('campaigns.empty')}
          />
        </div>
      </section>
    </>
  );
}
