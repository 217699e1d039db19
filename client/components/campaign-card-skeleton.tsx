/** A grey stand-in with the card's proportions while campaigns load. */
export function CampaignCardSkeleton() {
  return (
    <div className="campaign-card campaign-card--skeleton" aria-hidden="true">
      <div className="skeleton skeleton--media" />
      <div className="campaign-card__body">
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
        <div className="skeleton skeleton--bar" />
        <div className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
