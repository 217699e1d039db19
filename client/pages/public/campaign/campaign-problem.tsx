/**
 * What the campaign page shows instead of a campaign: "not found", or, when the campaign could not
 * be fetched (offline), that failure with Retry — never "not found" then. Its own chunk: a page
 * that shows its campaign never loads it.
 */
import { Link } from 'wouter';
import { t } from '../../../../shared/messages';
import { RetryNotice } from '../../../components/retry-notice';
import { failureMessage, isNotFound } from '../../../lib/load-failure';
import { MessagePage } from '../message-page';

export default function CampaignProblem({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (error && !isNotFound(error))
    return (
      <div className="container section">
        <RetryNotice message={failureMessage(error)} onRetry={onRetry} />
      </div>
    );
  return (
    <MessagePage title={t('campaigns.notFound')} text={t('detail.notFoundText')}>
      <Link to="/campaigns" className="btn btn--primary">
        {t('common.backToCampaigns')}
      </Link>
    </MessagePage>
  );
}
