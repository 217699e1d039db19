/**
 * The outbox, for admins: every message the site sends, newest first, a page at a time, filtered
 * by state. A failed or queued message can be sent now; any can be opened to read its text.
 */
import { useState } from 'react';
import { formatAgo, formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import {
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  type OutboxStatus,
  outboxListQuery,
} from '../../../../shared/schemas/outbox';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { FileText } from '../../../components/icons/file-text';
import { RotateCcw } from '../../../components/icons/rotate-ccw';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';
import { MessageDialog } from './message-dialog';

const STATUS_LABELS = {
  queued: 'outbox.status.queued',
  sending: 'outbox.status.sending',
  sent: 'outbox.status.sent',
  failed: 'outbox.status.failed',
} as const;
const BADGE: Record<OutboxStatus, string> = {
  queued: '',
  sending: '',
  sent: 'badge--success',
  failed: 'badge--danger',
};

const outboxFilters = outboxListQuery.pick({ status: true });

function Times({ createdAt, sentAt }: { createdAt: string; sentAt: string | null }) {
  return (
    <span className="outbox-times admin-muted">
      <time dateTime={createdAt} title={formatDateTime(createdAt)}>
        {t('outbox.queuedAt', { when: formatAgo(createdAt) })}
      </time>
      {sentAt && (
        <time dateTime={sentAt} title={formatDateTime(sentAt)}>
          {t('outbox.sentAt', { when: formatAgo(sentAt) })}
        </time>
      )}
    </span>
  );
}

export function OutboxPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const filters = useSchemaForm(outboxFilters, { requiredMarks: false });
  const status = filters.methods.watch('status');
  const [viewing, setViewing] = useState<string | null>(null);
  const pages = trpc.outbox.list.useInfiniteQuery(
    { limit: OUTBOX_PAGE_SIZE.default, ...(status ? { status } : {}) },
    { getNextPageParam: (last) => last.next ?? undefined },
  );
  const retry = trpc.outbox.retry.useMutation();

  const retryNow = async (id: string) => {
    try {
      toast.success((await retry.mutateAsync({ id })).message);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? t('outbox.retryFailed'));
    } finally {
      await Promise.all([utils.outbox.list.invalidate(), utils.dashboard.mail.invalidate()]);
    }
  };

  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <AdminPage title={t('outbox.title')}>
      <p className="admin-muted">{t('outbox.intro')}</p>
      <search className="admin-filters admin-filters--inline">
        <SelectField
          form={filters}
          name="status"
          label={t('outbox.stateFilter')}
          options={OUTBOX_STATUSES}
          placeholder={t('outbox.anyState')}
          labelOf={(s) => t(STATUS_LABELS[s as OutboxStatus])}
        />
      </search>
      {pages.isPending && <Spinner />}
      {pages.isError && <LoadError message={t('outbox.loadFailed')} onRetry={() => void pages.refetch()} />}
      {pages.data && items.length === 0 && <p className="admin-muted">{t('outbox.empty')}</p>}
      {items.length > 0 && (
        <div className="admin-card table-wrap">
          <table className="table table--people">
            <caption className="visually-hidden">{t('outbox.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('outbox.to')}</th>
                <th scope="col">{t('outbox.subject')}</th>
                <th scope="col">{t('outbox.stateFilter')}</th>
                <th scope="col">{t('outbox.attempts')}</th>
                <th scope="col">{t('outbox.lastError')}</th>
                <th scope="col">{t('outbox.times')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('outbox.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <th scope="row" className="table__title">
                    <span className="admin-user__name">{m.to}</span>
                    <code className="admin-muted">{m.kind}</code>
                  </th>
                  <td data-label={t('outbox.subject')}>{m.subject}</td>
                  <td data-label={t('outbox.stateFilter')}>
                    <span className={`badge ${BADGE[m.status]}`}>{t(STATUS_LABELS[m.status])}</span>
                  </td>
                  <td data-label={t('outbox.attempts')}>{m.attempts}</td>
                  <td data-label={t('outbox.lastError')} className="outbox-error">
                    {m.lastError}
                  </td>
                  <td data-label={t('outbox.times')}>
                    <Times createdAt={m.createdAt} sentAt={m.sentAt} />
                  </td>
                  <td className="table__actions">
                    <button
                      type="button"
                      className="btn btn--staff btn--ghost btn--small"
                      aria-label={t('outbox.viewLabel', { to: m.to })}
                      onClick={() => setViewing(m.id)}
                    >
                      <FileText aria-hidden="true" size={16} />
                      {t('outbox.view')}
                    </button>
                    {/* A message failed without an attempt could not be written: sending it again fails alike. */}
                    {(m.status === 'queued' || (m.status === 'failed' && m.attempts > 0)) && (
                      <button
                        type="button"
                        className="btn btn--staff btn--dark btn--small"
                        aria-label={t('outbox.retryLabel', { to: m.to })}
                        disabled={retry.isPending}
                        onClick={() => void retryNow(m.id)}
                      >
                        <RotateCcw aria-hidden="true" size={16} />
                        {t('outbox.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore pages={pages} />
      {viewing && <MessageDialog id={viewing} onClose={() => setViewing(null)} />}
    </AdminPage>
  );
}
