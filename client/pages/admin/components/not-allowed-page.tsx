import { ShieldOff } from 'lucide-react';
import { Link } from 'wouter';
import { t } from '../../../../shared/messages';
import { AdminPage } from './admin-page';

/** What a role that may not open a screen sees there (the server refuses its calls anyway). */
export function NotAllowedPage() {
  return (
    <AdminPage title={t('admin.notAllowed.title')}>
      <div className="admin-card admin-coming-soon">
        <ShieldOff aria-hidden="true" size={40} />
        <p>{t('admin.notAllowed.body')}</p>
        <Link to="/admin/dashboard" className="admin-btn admin-btn--secondary">
          {t('admin.notAllowed.back')}
        </Link>
      </div>
    </AdminPage>
  );
}
