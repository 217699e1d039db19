import { Link } from 'wouter';
import { t } from '../../../../shared/messages';
import { ShieldOff } from '../../../components/icons/shield-off';
import { AdminPage } from './admin-page';

/** What a role that may not open a screen sees there (the server refuses its calls anyway). */
export function NotAllowedPage() {
  return (
    <AdminPage title={t('admin.notAllowed.title')}>
      <div className="admin-card admin-coming-soon">
        <ShieldOff aria-hidden="true" size={40} />
        <p>{t('admin.notAllowed.body')}</p>
        <Link to="/admin/dashboard" className="btn btn--staff btn--secondary">
          {t('admin.notAllowed.back')}
        </Link>
      </div>
    </AdminPage>
  );
}
