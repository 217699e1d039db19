/** /admin/campaigns: the list, the way to create and edit, and delete after confirming. */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../../shared/messages';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { Spinner } from '../../../components/spinner';
import { campaignErrorMessage, httpStatusOf, serverMessage } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { CampaignTable } from './campaign-table';

export function CampaignsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.campaign.list.useQuery({ order: 'newest' });
  const remove = trpc.campaign.remove.useMutation();
  const [toDelete, setToDelete] = useState<Campaign | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ id: toDelete._id });
      await Promise.all([utils.campaign.invalidate(), utils.dashboard.invalidate()]);
      toast.success(t('admin.campaigns.deleted'));
    } catch (error) {
      if (httpStatusOf(error) !== 401) toast.error(campaignErrorMessage(error, t('campaigns.deleteFailed')));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <AdminPage
      title={t('admin.campaigns.title')}
      actions={
        <Link to="/admin/campaigns/new" className="admin-btn admin-btn--primary">
          <Plus aria-hidden="true" size={18} />
          {t('admin.campaigns.new')}
        </Link>
      }
    >
      {list.isPending && <Spinner />}
      {list.isError && (
        <LoadError message={serverMessage(list.error, t('campaigns.listFailed'))} onRetry={() => void list.refetch()} />
      )}
      {list.data?.length === 0 && <p className="admin-card admin-empty">{t('admin.campaigns.empty')}</p>}
      {list.data && list.data.length > 0 && <CampaignTable campaigns={list.data} onDelete={setToDelete} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.campaigns.deleteTitle')}
        message={t('campaigns.deleteConfirm')}
        confirmLabel={remove.isPending ? t('admin.campaigns.deleting') : t('admin.campaigns.delete')}
        cancelLabel={t('admin.campaigns.cancel')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
