/** The admin area (/admin/*): guarded, in its own lazily loaded chunk with its own styles. */
import { Redirect, Route, Switch } from 'wouter';
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
import './lib/messages';

function AdminRoutes() {
  useSignOutOn401();
  return (
    <AdminLayout>
      <Switch>
        <Route path="/admin" component={DashboardPage} />
        <Route path="/admin/dashboard" component={DashboardPage} />
        <Route path="/admin/campaigns" component={CampaignsPage} />
        <Route path="/admin/campaigns/new" component={CampaignEditorPage} />
        <Route path="/admin/campaigns/:id/edit" component={CampaignEditorPage} />
        <Route path="/admin/submissions" component={SubmissionsPage} />
        <Route path="/admin/users">
          <ComingSoonPage title={t('admin.nav.users')} />
        </Route>
        <Route path="/admin/analytics">
          <ComingSoonPage title={t('admin.nav.analytics')} />
        </Route>
        <Route path="/admin/donations">
          <ComingSoonPage title={t('admin.nav.donations')} />
        </Route>
        <Route path="/admin/settings">
          <ComingSoonPage title={t('admin.nav.settings')} />
        </Route>
        <Route>
          <Redirect to="/admin/dashboard" replace />
        </Route>
      </Switch>
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
