import { Construction } from 'lucide-react';
import { t } from '../../../shared/messages';
import { AdminPage } from './components/admin-page';

/** Donations: linked from the sidebar, built with pledges and reconciliation. */
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
