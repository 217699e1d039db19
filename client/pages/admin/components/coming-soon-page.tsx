import { Construction } from 'lucide-react';
import { t } from '../../../../shared/messages';
import { usePageTitle } from '../lib/use-page-title';

/** Users, Analytics, Donations and Settings: linked from the sidebar, not built yet (SPEC section 2). */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="admin-page__title">
        {title}
      </h1>
      <div className="admin-card admin-coming-soon">
        <Construction aria-hidden="true" size={40} />
        <p className="admin-coming-soon__badge">{t('dashboard.comingSoon')}</p>
        <p>{t('admin.comingSoon.body')}</p>
      </div>
    </section>
  );
}
