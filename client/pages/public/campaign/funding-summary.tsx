import { formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { FundingProgress } from '../../../components/progress-bar';

/** Raised against target with the rounded percentage bar. */
export function FundingSummary({ campaign }: { campaign: Pick<Campaign, 'amountRaised' | 'target'> }) {
  return (
    <div className="funding">
      <p className="funding__raised">
        <span className="funding__amount">{formatNaira(campaign.amountRaised)}</span>
        <span className="funding__of">
          {t('campaign.raised')} · {t('campaign.target')} {formatNaira(campaign.target)}
        </span>
      </p>
      <FundingProgress raised={campaign.amountRaised} target={campaign.target} />
    </div>
  );
}
