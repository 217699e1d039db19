import { Link } from 'wouter';
import { t } from '../../../shared/messages';
import { CheckCircle2 } from '../../components/icons/circle-check';
import { MessagePage } from './message-page';

export function PartnerSuccessPage() {
  return (
    <MessagePage icon={CheckCircle2} title={t('partnerSuccess.title')} text={t('partnerSuccess.text')}>
      <div className="button-row button-row--center">
        <Link to="/" className="btn btn--primary">
          {t('partnerSuccess.back')}
        </Link>
        <Link to="/campaigns" className="btn btn--secondary">
          {t('common.viewAllCampaigns')}
        </Link>
      </div>
    </MessagePage>
  );
}
