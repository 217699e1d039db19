/** /admin/campaigns/new and /admin/campaigns/:id/edit: loads, saves and returns to the list. */
import { Link, useParams } from 'wouter';
import { t } from '../../../../shared/messages';
import type { CampaignData, CampaignInput, StoredCampaign } from '../../../../shared/schemas/campaign';
import type { FieldIssue } from '../../../../shared/schemas/fields';
import { ArrowLeft } from '../../../components/icons/arrow-left';
import { Spinner } from '../../../components/spinner';
import { useNavigate } from '../../../lib/navigation';
import { campaignErrorMessage, readServerError, serverMessage } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { CampaignForm } from './campaign-form';

/**
 * The form starts from the campaign as stored: its own image paths and bank fields (empty means
 * "the foundation's account"). Supporters and status are left to the schema, which sends 0 and
 * active on every save.
 */
const editableValues = ({ supporters: _s, status: _st, ...stored }: StoredCampaign): Partial<CampaignInput> => stored;

export function CampaignEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const utils = trpc.useUtils();
  const existing = trpc.campaign.stored.useQuery({ id: id ?? '' }, { enabled: Boolean(id), retry: false });
  const create = trpc.campaign.create.useMutation();
  const update = trpc.campaign.update.useMutation();
  const backToList = () => navigate('/admin/campaigns');

  const save = async (data: CampaignData): Promise<readonly FieldIssue[]> => {
    try {
      // The total the form loaded: the save applies only the editor's own change to it.
      if (id) await update.mutateAsync({ id, data, amountRaisedWas: existing.data?.amountRaised });
      else await create.mutateAsync(data);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return [];
      toast.error(campaignErrorMessage(error, id ? t('campaigns.updateFailed') : t('campaigns.createFailed')));
      return refused.fieldErrors;
    }
    // The list, the detail pages and the dashboard all read campaign queries.
    await Promise.all([utils.campaign.invalidate(), utils.dashboard.invalidate()]);
    toast.success(id ? t('admin.campaigns.updated') : t('admin.campaigns.created'));
    backToList();
    return [];
  };

  let body: React.ReactNode;
  if (id && existing.isPending) body = <Spinner />;
  else if (id && existing.isError)
    body = (
      <LoadError
        message={serverMessage(existing.error, t('campaigns.notFound'))}
        onRetry={() => void existing.refetch()}
      />
    );
  else
    body = (
      <CampaignForm
        key={id ?? 'new'}
        initial={existing.data && editableValues(existing.data)}
        campaignId={id}
        saving={create.isPending || update.isPending}
        onSubmit={save}
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
