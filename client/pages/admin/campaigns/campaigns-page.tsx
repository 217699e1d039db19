/** /admin/campaigns: the list, the way to create and edit, and delete after confirming. */
import { useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../../../shared/messages';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { PAGE_SIZE } from '../../../../shared/schemas/pages';
import { Plus } from '../../../components/icons/plus';
import { Spinner } from '../../../components/spinner';
import { campaignErrorMessage, httpStatusOf, serverMessage } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';
import { useCan } from '../lib/use-me';
import { CampaignTable } from './campaign-table';

export function CampaignsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const pages = trpc.campaign.adminPage.useInfiniteQuery(
    { limit: PAGE_SIZE.default },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const campaigns = pages.data?.pages.flatMap((page) => page.items);
  const remove = trpc.campaign.remove.useMutation();
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  const canWrite = useCan('campaigns.write');

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
        canWrite && (
          <Link to="/admin/campaigns/new" className="btn btn--staff btn--dark">
            <Plus aria-hidden="true" size={18} />
            {t('admin.campaigns.new')}
          </Link>
        )
      }
    >
      {pages.isPending && <Spinner />}
      {pages.isError && (
        <LoadError
          message={serverMessage(pages.error, t('campaigns.listFailed'))}
          onRetry={() => void pages.refetch()}
        />
      )}
      {campaigns?.length === 0 && <p className="admin-card admin-empty">{t('admin.campaigns.empty')}</p>}
      {campaigns && campaigns.length > 0 && (
        <CampaignTable campaigns={campaigns} onDelete={canWrite ? setToDelete : undefined} />
      )}
      <LoadMore pages={pages} />
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
