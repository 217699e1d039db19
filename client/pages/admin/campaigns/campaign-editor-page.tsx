/** /admin/campaigns/new and /admin/campaigns/:id/edit: loads, saves and returns to the list. */
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { t } from '../../../../shared/messages';
import type { CampaignData } from '../../../../shared/schemas/campaign';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { Spinner } from '../components/spinner';
import { campaignErrorMessage, httpStatusOf, serverFieldErrors, serverMessage } from '../lib/errors';
import { CampaignForm } from './campaign-form';
import { emptyForm, formFromCampaign } from './form-state';

export function CampaignEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const utils = trpc.useUtils();
  const existing = trpc.campaign.byId.useQuery({ id: id ?? '' }, { enabled: Boolean(id), retry: false });
  const defaultBank = trpc.campaign.defaultBank.useQuery(undefined, { enabled: Boolean(id) });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const create = trpc.campaign.create.useMutation();
  const update = trpc.campaign.update.useMutation();
  const backToList = () => navigate('/admin/campaigns');

  const save = async (data: CampaignData) => {
    setServerErrors({});
    try {
      if (id) await update.mutateAsync({ id, data });
      else await create.mutateAsync(data);
    } catch (error) {
      if (httpStatusOf(error) === 401) return;
      setServerErrors(serverFieldErrors(error));
      toast.error(campaignErrorMessage(error, id ? t('campaigns.updateFailed') : t('campaigns.createFailed')));
      return;
    }
    // The list, the detail pages and the dashboard all read campaign queries.
    await Promise.all([utils.campaign.invalidate(), utils.dashboard.invalidate()]);
    toast.success(id ? t('admin.campaigns.updated') : t('admin.campaigns.created'));
    backToList();
  };

  let body: React.ReactNode;
  if (id && (existing.isPending || defaultBank.isPending)) body = <Spinner />;
  else if (id && existing.isError)
    body = (
      <LoadError
        message={serverMessage(existing.error, t('campaigns.notFound'))}
        onRetry={() => void existing.refetch()}
      />
    );
  // Without the foundation's defaults the form could not tell them from the campaign's own account.
  else if (id && defaultBank.isError)
    body = (
      <LoadError
        message={serverMessage(defaultBank.error, t('campaigns.fetchFailed'))}
        onRetry={() => void defaultBank.refetch()}
      />
    );
  else
    body = (
      <CampaignForm
        key={id ?? 'new'}
        initial={existing.data ? formFromCampaign(existing.data, defaultBank.data) : emptyForm()}
        saving={create.isPending || update.isPending}
        serverErrors={serverErrors}
        onSubmit={(data) => void save(data)}
        onCancel={backToList}
      />
    );

  return (
    <AdminPage
      title={id ? t('admin.form.editTitle') : t('admin.form.createTitle')}
      before={
        <Link to="/admin/campaigns" className="admin-link admin-back">
          <ArrowLeft aria-hidden="true" size={16} />
          {t('admin.form.backToList')}
        </Link>
      }
    >
      {body}
    </AdminPage>
  );
}
