/** The admin area (/admin/*): guarded, in its own lazily loaded chunk with its own styles. */
import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { t } from '../../../shared/messages';
import { can, type Permission } from '../../../shared/roles';
import { Spinner } from '../../components/spinner';
import { AccountPage } from './account/account-page';
import { FirstPasswordPage } from './account/first-password-page';
import { ActivityPage } from './activity/activity-page';
import { CampaignEditorPage } from './campaigns/campaign-editor-page';
import { CampaignsPage } from './campaigns/campaigns-page';
import { AdminGuard } from './components/admin-guard';
import { AdminLayout } from './components/admin-layout';
import { LoadError } from './components/load-error';
import { NotAllowedPage } from './components/not-allowed-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { DonationsPage } from './giving/donations-page';
import { useMe } from './lib/use-me';
import { useSignOutOn401 } from './lib/use-sign-out-on-401';
import { EditionPage } from './newsletters/edition-page';
import { NewslettersPage } from './newsletters/newsletters-page';
import { OutboxPage } from './outbox/outbox-page';
import { SettingsPage } from './settings/settings-page';
import { SubmissionsPage } from './submissions/submissions-page';
import { TextsPage } from './texts/texts-page';
import { UsersPage } from './users/users-page';
import './admin.css';

// The charts' code loads only on their page.
const AnalyticsPage = lazy(() => import('./analytics/analytics-page'));

function AdminRoutes() {
  useSignOutOn401();
  const me = useMe();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <LoadError message={t('admin.me.loadFailed')} onRetry={() => void me.refetch()} />;
  // A one-time password opens nothing else until it is changed (the server refuses the rest too).
  if (me.data.mustChangePassword) return <FirstPasswordPage />;

  const only = (permission: Permission, page: ReactNode) => (can(me.data.role, permission) ? page : <NotAllowedPage />);
  return (
    <AdminLayout role={me.data.role} name={me.data.name || me.data.email}>
      <Switch>
        <Route path="/admin" component={DashboardPage} />
        <Route path="/admin/dashboard" component={DashboardPage} />
        <Route path="/admin/campaigns">{only('campaigns.read', <CampaignsPage />)}</Route>
        <Route path="/admin/campaigns/new">{only('campaigns.write', <CampaignEditorPage />)}</Route>
        <Route path="/admin/campaigns/:id/edit">{only('campaigns.write', <CampaignEditorPage />)}</Route>
        <Route path="/admin/submissions">{only('submissions.review', <SubmissionsPage />)}</Route>
        <Route path="/admin/users">{only('users.manage', <UsersPage />)}</Route>
        <Route path="/admin/activity">{only('activity.read', <ActivityPage />)}</Route>
        <Route path="/admin/analytics">
          <Suspense fallback={<Spinner />}>
            <AnalyticsPage />
          </Suspense>
        </Route>
        <Route path="/admin/donations">{only('donations.manage', <DonationsPage />)}</Route>
        <Route path="/admin/outbox">{only('outbox.manage', <OutboxPage />)}</Route>
        <Route path="/admin/newsletters">{only('newsletter.send', <NewslettersPage />)}</Route>
        <Route path="/admin/newsletters/new">{only('newsletter.send', <EditionPage />)}</Route>
        <Route path="/admin/newsletters/:id">{only('newsletter.send', <EditionPage />)}</Route>
        <Route path="/admin/texts">{only('texts.edit', <TextsPage />)}</Route>
        <Route path="/admin/settings" component={SettingsPage} />
        <Route path="/admin/account" component={AccountPage} />
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
