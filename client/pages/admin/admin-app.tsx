/** The admin area (/admin/*): guarded, in its own lazily loaded chunk with its own styles. */
import { Navigate, Route, Routes } from 'react-router';
import { t } from '../../../shared/messages';
import { CampaignEditorPage } from './campaigns/campaign-editor-page';
import { CampaignsPage } from './campaigns/campaigns-page';
import { ComingSoonPage } from './coming-soon-page';
import { AdminGuard } from './components/admin-guard';
import { AdminLayout } from './components/admin-layout';
import { DashboardPage } from './dashboard/dashboard-page';
import { useSignOutOn401 } from './lib/use-sign-out-on-401';
import { SubmissionsPage } from './submissions/submissions-page';
import './admin.css';

function AdminRoutes() {
  useSignOutOn401();
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="campaigns" element={<CampaignsPage />} />
        <Route path="campaigns/new" element={<CampaignEditorPage />} />
        <Route path="campaigns/:id/edit" element={<CampaignEditorPage />} />
        <Route path="submissions" element={<SubmissionsPage />} />
        <Route path="users" element={<ComingSoonPage title={t('admin.nav.users')} />} />
        <Route path="analytics" element={<ComingSoonPage title={t('admin.nav.analytics')} />} />
        <Route path="donations" element={<ComingSoonPage title={t('admin.nav.donations')} />} />
        <Route path="settings" element={<ComingSoonPage title={t('admin.nav.settings')} />} />
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Routes>
    </AdminLayout>
  );
}

export default function AdminApp() {
  return (
    <AdminGuard>
      <AdminRoutes />
    </AdminGuard>
  );
}
