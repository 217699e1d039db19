/**
 * /admin/newsletters/new and /admin/newsletters/:id: a draft opens in the editor (with sending
 * under it once saved); a scheduled, sending, paused or sent edition shows read-only with its
 * progress, asked again every 2 seconds while it can still move.
 */
import { useCallback, useState } from 'react';
import { Link, useParams } from 'wouter';
import { t } from '../../../../shared/messages';
import type { Edition, EditionData, EditionInput } from '../../../../shared/schemas/editions';
import type { FieldIssue } from '../../../../shared/schemas/fields';
import { ArrowLeft } from '../../../components/icons/arrow-left';
import { Trash2 } from '../../../components/icons/trash-2';
import { Spinner } from '../../../components/spinner';
import { useNavigate } from '../../../lib/navigation';
import { readServerError, serverMessage } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { EditionForm } from './edition-form';
import { EditionProgress } from './edition-progress';
import { isLive } from './edition-status';
import { SendPanel } from './send-panel';

const POLL_MS = 2000;

const formValues = (edition: Edition): EditionInput => ({
  subject: edition.subject,
  subjectHa: edition.subjectHa,
  body: edition.body,
  bodyHa: edition.bodyHa,
  campaignId: edition.campaignId ?? '',
});

export function EditionPage() {
  const { id } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const toast = useToast();
  const utils = trpc.useUtils();
  const existing = trpc.newsletters.get.useQuery(
    { id: id ?? '' },
    {
      enabled: Boolean(id),
      retry: false,
      refetchInterval: (query) => (query.state.data && isLive(query.state.data.status) ? POLL_MS : false),
    },
  );
  const create = trpc.newsletters.create.useMutation();
  const update = trpc.newsletters.update.useMutation();
  const remove = trpc.newsletters.remove.useMutation();
  const [dirty, setDirty] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const save = async (data: EditionData): Promise<readonly FieldIssue[]> => {
    try {
      const answer = id ? await update.mutateAsync({ id, data }) : await create.mutateAsync(data);
      toast.success(answer.message);
      utils.newsletters.get.setData({ id: answer.data.id }, answer.data);
      await utils.newsletters.list.invalidate();
      if (!id) navigate(`/admin/newsletters/${answer.data.id}`, { replace: true });
      return [];
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return [];
      toast.error(refused.message ?? t('editions.saveFailed'));
      // An edition sent from elsewhere meanwhile: show it as it now is.
      if (refused.status === 409) await utils.newsletters.get.invalidate();
      return refused.fieldErrors.length > 0 ? refused.fieldErrors : [{ path: '', message: '' }];
    }
  };

  const deleteDraft = async () => {
    if (!id) return;
    try {
      toast.success((await remove.mutateAsync({ id })).message);
      await utils.newsletters.list.invalidate();
      navigate('/admin/newsletters');
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? t('editions.deleteFailed'));
      setDeleting(false);
      await utils.newsletters.get.invalidate();
    }
  };

  const edition = existing.data;
  let title = t('editions.newTitle');
  let body: React.ReactNode;
  if (id && existing.isPending) body = <Spinner />;
  else if (id && existing.isError)
    body = (
      <LoadError
        message={serverMessage(existing.error, t('editions.loadOneFailed'))}
        onRetry={() => void existing.refetch()}
      />
    );
  else if (edition && edition.status !== 'draft') {
    title = edition.subject;
    body = <EditionProgress edition={edition} />;
  } else {
    if (edition) title = t('editions.editTitle');
    body = (
      <EditionForm
        key={edition?.id ?? 'new'}
        initial={edition && formValues(edition)}
        saving={create.isPending || update.isPending}
        onSubmit={save}
        onDirtyChange={onDirtyChange}
        extraActions={
          edition && (
            <button type="button" className="btn btn--staff btn--ghost" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" size={18} />
              {t('editions.delete')}
            </button>
          )
        }
      >
        {edition && <SendPanel edition={edition} blocked={dirty} />}
      </EditionForm>
    );
  }

  return (
    <AdminPage
      title={title}
      before={
        <Link to="/admin/newsletters" className="admin-link admin-back">
          <ArrowLeft aria-hidden="true" size={16} />
          {t('editions.backToList')}
        </Link>
      }
    >
      {body}
      {edition && (
        <ConfirmDialog
          open={deleting}
          title={t('editions.deleteTitle')}
          message={t('editions.deleteMessage', { subject: edition.subject })}
          confirmLabel={t('editions.deleteConfirm')}
          cancelLabel={t('editions.cancel')}
          busy={remove.isPending}
          onConfirm={() => void deleteDraft()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </AdminPage>
  );
}
