import { Link } from 'wouter';
import { t } from '../../../shared/messages';
import { Compass } from '../../components/icons/compass';
import { MessagePage } from './message-page';

export function NotFoundPage() {
  return (
    <MessagePage icon={Compass} title={t('notFound.title')} text={t('notFound.text')}>
      <div className="button-row button-row--center">
        <Link to="/" className="btn btn--primary">
          {t('notFound.home')}
        </Link>
        <Link to="/campaigns" className="btn btn--secondary">
          {t('common.viewAllCampaigns')}
        </Link>
      </div>
    </MessagePage>
  );
}
