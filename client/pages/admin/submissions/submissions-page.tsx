/** /admin/submissions (SPEC sections 2, 4 and 8): five tabs, status changes, reload after each. */
import { useState } from 'react';
import { SUBMISSION_TYPES, type SubmissionType } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { Spinner } from '../../../components/spinner';
import { httpStatusOf } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import type { AnyEntry } from './entry-view';
import { SubmissionList } from './submission-list';
import { SubmissionTabs } from './submission-tabs';

export function SubmissionsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const lists = trpc.submission.list.useQuery();
  const updateStatus = trpc.submission.updateStatus.useMutation();
  const [selected, setSelected] = useState<SubmissionType>('volunteer');

  const changeStatus = async (id: string, status: string) => {
    if (selected === 'contact') return;
    try {
      await updateStatus.mutateAsync({ type: selected, id, status });
      toast.success(t('submissions.statusUpdated'));
      await utils.submission.list.invalidate();
    } catch (error) {
      if (httpStatusOf(error) !== 401) toast.error(t('submissions.statusFailed'));
    }
  };

  const tabs = SUBMISSION_TYPES.map((key) => ({
    key,
    label: t(`admin.submissions.tab.${key}`),
    count: lists.data?.[key].length,
  }));

  return (
    <AdminPage title={t('admin.submissions.title')}>
      {lists.isError && <LoadError message={t('submissions.loadFailed')} onRetry={() => void lists.refetch()} />}
      {!lists.isError && (
        <SubmissionTabs label={t('admin.submissions.tabs')} tabs={tabs} selected={selected} onSelect={setSelected}>
          {lists.data ? (
            <SubmissionList
              type={selected}
              entries={lists.data[selected] as readonly AnyEntry[]}
              updatingId={updateStatus.isPending ? updateStatus.variables?.id : undefined}
              onStatusChange={(id, status) => void changeStatus(id, status)}
            />
          ) : (
            <Spinner />
          )}
        </SubmissionTabs>
      )}
    </AdminPage>
  );
}
