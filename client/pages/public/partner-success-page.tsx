import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '../../../shared/messages';

export function PartnerSuccessPage() {
  return (
    <section className="section">
      <div className="container narrow message-page">
        <CheckCircle2 className="message-page__icon" aria-hidden="true" size={56} />
        <h1>{t('partnerSuccess.title')}</h1>
        <p>{t('partnerSuccess.text')}</p>
        <div className="button-row button-row--center">
          <Link to="/" className="btn btn--primary">
            {t('partnerSuccess.back')}
          </Link>
          <Link to="/campaigns" className="btn btn--secondary">
            {t('common.viewAllCampaigns')}
          </Link>
        </div>
      </div>
    </section>
  );
}
