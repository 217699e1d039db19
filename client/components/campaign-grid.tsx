import type { CampaignCardData } from '../../shared/campaign-card';
import { t } from '../../shared/messages';
import { CampaignCard } from './campaign-card';
import { CampaignCardSkeleton } from './campaign-card-skeleton';

interface Props {
  campaigns: readonly CampaignCardData[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  skeletons?: number;
  emptyText?: string;
  headingLevel?: 2 | 3;
  /** The grid opens the page: its first photo is what the visitor waits for, so it comes first. */
  leading?: boolean;
}

/** The card grid with its loading, error (with Retry) and empty states. */
export function CampaignGrid({
  campaigns,
  isLoading,
  isError,
  onRetry,
  skeletons = 3,
  emptyText,
  headingLevel,
  leading = false,
}: Props) {
  if (isLoading) {
    return (
      <div className="campaign-grid" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('campaigns.loading')}
        </p>
        {Array.from({ length: skeletons }, (_, i) => `skeleton-${i}`).map((key) => (
          <CampaignCardSkeleton key={key} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{t('campaigns.fetchFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!campaigns || campaigns.length === 0) {
    return <p className="alert">{emptyText ?? t('campaigns.empty')}</p>;
  }
  return (
    <ul className="campaign-grid">
      {campaigns.map((campaign, i) => (
        <li key={campaign._id}>
          <CampaignCard campaign={campaign} headingLevel={headingLevel} leading={leading && i === 0} />
        </li>
      ))}
    </ul>
  );
}
