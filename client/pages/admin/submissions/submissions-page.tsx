/**
 * /admin/submissions: five tabs, search and status filter, CSV export,
 * status changes, notes and erasure (admins only), reload after each. `?type=…&q=…` opens a tab
 * with a search typed (the activity trail links to an entry this way).
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { SUBMISSION_TYPES, type SubmissionType } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { PAGE_SIZE } from '../../../../shared/schemas/pages';
import type { SubmissionFilters as SubmissionFiltersInput } from '../../../../shared/schemas/submissions';
import { Spinner } from '../../../components/spinner';
import { httpStatusOf, readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';
import { useCan } from '../lib/use-me';
import type { AnyEntry } from './entry-view';
import { downloadCsv } from './export-csv';
import { type Filters, SubmissionFilters } from './submission-filters';
import { SubmissionList } from './submission-list';
import { SubmissionTabs } from './submission-tabs';

const NO_FILTERS: Filters = { q: '', status: '' };

export function SubmissionsPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [search] = useSearchParams();
  const [selected, setSelectedType] = useState<SubmissionType>(
    () => SUBMISSION_TYPES.find((type) => type === search.get('type')) ?? 'volunteer',
  );
  const [filters, setFilters] = useState<Filters>(() => ({ ...NO_FILTERS, q: search.get('q')?.slice(0, 200) ?? '' }));
  const [exporting, setExporting] = useState(false);
  const canDelete = useCan('submissions.delete');
  const counts = trpc.submission.counts.useQuery();
  // One kind's list, a page at a time (keyset pages: the same cost at any depth).
  const active = {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.status ? { status: filters.status as SubmissionFiltersInput['status'] } : {}),
  };
  const pages = trpc.submission.page.useInfiniteQuery(
    { type: selected, limit: PAGE_SIZE.default, ...active },
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

  // Statuses differ between tabs: a new tab starts unfiltered.
  const setSelected = (type: SubmissionType) => {
    setSelectedType(type);
    setFilters(NO_FILTERS);
  };
  const onFiltersChange = useCallback((next: Filters) => setFilters(next), []);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(selected, active);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? t('admin.submissions.exportFailed'));
    } finally {
      setExporting(false);
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
          <SubmissionFilters
            key={selected}
            type={selected}
            filters={filters}
            onChange={onFiltersChange}
            onExport={() => void exportCsv()}
            exporting={exporting}
          />
          {entries ? (
            <>
              <SubmissionList
                type={selected}
                entries={entries}
                updatingId={updateStatus.isPending ? updateStatus.variables?.id : undefined}
                onStatusChange={(id, status) => void changeStatus(id, status)}
                onDelete={canDelete ? (entry) => setToDelete({ type: selected, ...entry }) : undefined}
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
