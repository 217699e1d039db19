import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '../../../shared/messages';

export function NotFoundPage() {
  return (
    <section className="section">
      <div className="container narrow message-page">
        <Compass className="message-page__icon" aria-hidden="true" size={56} />
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <div className="button-row button-row--center">
          <Link to="/" className="btn btn--primary">
            {t('notFound.home')}
          </Link>
          <Link to="/campaigns" className="btn btn--secondary">
            {t('common.viewAllCampaigns')}
          </Link>
        </div>
      </div>
    </section>
  );
}
