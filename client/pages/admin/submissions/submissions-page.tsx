/** /admin/submissions (SPEC sections 2, 4 and 8): five tabs, status changes and erasure, reload after each. */
import { useState } from 'react';
import { SUBMISSION_TYPES, type SubmissionType } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { PAGE_SIZE } from '../../../../shared/schemas/pages';
import { Spinner } from '../../../components/spinner';
import { httpStatusOf } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';
import type { AnyEntry } from './entry-view';
import { SubmissionList } from './submission-list';
import { SubmissionTabs } from './submission-tabs';

export function SubmissionsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<SubmissionType>('volunteer');
  const counts = trpc.submission.counts.useQuery();
  // One kind's list, a page at a time (keyset pages: the same cost at any depth).
  const pages = trpc.submission.page.useInfiniteQuery(
    { type: selected, limit: PAGE_SIZE.default },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const entries = pages.data?.pages.flatMap((page) => page.items as readonly AnyEntry[]);
  const reload = () => Promise.all([utils.submission.page.invalidate(), utils.submission.counts.invalidate()]);
  const updateStatus = trpc.submission.updateStatus.useMutation();
  const remove = trpc.submission.remove.useMutation();
  const [toDelete, setToDelete] = useState<{ type: SubmissionType; id: string; name: string } | null>(null);

  const changeStatus = async (id: string, status: string) => {
    if (selected === 'contact') return;
    try {
      await updateStatus.mutateAsync({ type: selected, id, status });
      toast.success(t('submissions.statusUpdated'));
      await reload();
    } catch (error) {
      if (httpStatusOf(error) !== 401) toast.error(t('submissions.statusFailed'));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ type: toDelete.type, id: toDelete.id });
      toast.success(t('admin.submissions.deleted'));
      await reload();
    } catch (error) {
      if (httpStatusOf(error) !== 401) toast.error(t('admin.submissions.deleteFailed'));
    } finally {
      setToDelete(null);
    }
  };

  const tabs = SUBMISSION_TYPES.map((key) => ({
    key,
    label: t(`admin.submissions.tab.${key}`),
    count: counts.data?.[key],
  }));
  const failed = pages.isError || counts.isError;

  return (
    <AdminPage title={t('admin.submissions.title')}>
      {failed && <LoadError message={t('submissions.loadFailed')} onRetry={() => void reload()} />}
      {!failed && (
        <SubmissionTabs label={t('admin.submissions.tabs')} tabs={tabs} selected={selected} onSelect={setSelected}>
          {entries ? (
            <>
              <SubmissionList
                type={selected}
                entries={entries}
                updatingId={updateStatus.isPending ? updateStatus.variables?.id : undefined}
                onStatusChange={(id, status) => void changeStatus(id, status)}
                onDelete={(entry) => setToDelete({ type: selected, ...entry })}
              />
              <LoadMore pages={pages} />
            </>
          ) : (
            <Spinner />
          )}
        </SubmissionTabs>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.submissions.deleteTitle')}
        message={toDelete ? t('admin.submissions.deleteConfirm', { name: toDelete.name }) : ''}
        confirmLabel={remove.isPending ? t('admin.submissions.deleting') : t('admin.submissions.delete')}
        cancelLabel={t('admin.submissions.cancel')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
