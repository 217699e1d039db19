import { useSearchParams } from 'wouter';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LOCATIONS } from '../../../shared/constants';
import { choiceLabel, t } from '../../../shared/messages';
import { CampaignGrid } from '../../components/campaign-grid';
import { PageHeader } from '../../components/page-header';
import { useSiteQuery } from '../../lib/site-data';
import { campaignsPageInput } from './page-queries';

type Filter = 'location' | 'category';

/** One filter of the list: its first option shows every campaign. */
function FilterSelect({
  name,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  name: Filter;
  label: string;
  allLabel: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (name: Filter, value: string) => void;
}) {
  const id = `filter-${name}`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__control field__control--select"
        value={value ?? ''}
        onChange={(e) => onChange(name, e.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {choiceLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** All campaigns, filtered by state and category; the filters live in the URL so links can share them. */
export function CampaignsPage() {
  const [params, setParams] = useSearchParams();
  const input = campaignsPageInput(params);
  const { location, category } = input;
  const campaigns = useSiteQuery('campaign.cards', input);

  const setFilter = (name: Filter, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
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
            <FilterSelect
              name="location"
              label={t('campaigns.filterLocation')}
              allLabel={t('campaigns.allLocations')}
              options={CAMPAIGN_LOCATIONS}
              value={location}
              onChange={setFilter}
            />
            <FilterSelect
              name="category"
              label={t('campaigns.filterCategory')}
              allLabel={t('campaigns.allCategories')}
              options={CAMPAIGN_CATEGORIES}
              value={category}
              onChange={setFilter}
            />
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
            {count === undefined ? '' : t('campaigns.count', { count })}
          </p>
          <CampaignGrid
            campaigns={campaigns.data}
            isLoading={campaigns.isLoading}
            isError={campaigns.isError}
            onRetry={() => void campaigns.refetch()}
            skeletons={6}
            headingLevel={2}
            leading
            emptyText={filtered ? t('campaigns.emptyFiltered') : t('campaigns.empty')}
          />
        </div>
      </section>
    </>
  );
}
