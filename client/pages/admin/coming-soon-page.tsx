import { Construction } from 'lucide-react';
import { t } from '../../../shared/messages';
import { AdminPage } from './components/admin-page';

/** Users, Analytics, Donations and Settings: linked from the sidebar, not built yet (SPEC section 2). */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <AdminPage title={title}>
      <div className="admin-card admin-coming-soon">
        <Construction aria-hidden="true" size={40} />
        <p className="admin-coming-soon__badge">{t('dashboard.comingSoon')}</p>
        <p>{t('admin.comingSoon.body')}</p>
      </div>
    </AdminPage>
  );
}
