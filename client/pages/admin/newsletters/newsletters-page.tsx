/** /admin/newsletters: every edition, newest first, a page at a time. */
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { EDITIONS_PAGE_SIZE, type EditionSummary } from '../../../../shared/schemas/editions';
import { Plus } from '../../../components/icons/plus';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';
import { countsSummary, isLive, StatusBadge } from './edition-status';

function Dates({ edition }: { edition: EditionSummary }) {
  const line = (
    when: string,
    key: 'editions.createdAt' | 'editions.dueAt' | 'editions.startedAt' | 'editions.finishedAt',
  ) => <time dateTime={when}>{t(key, { when: formatDateTime(when) })}</time>;
  return (
    <span className="edition-dates admin-muted">
      {edition.status === 'scheduled' && edition.sendAt && line(edition.sendAt, 'editions.dueAt')}
      {edition.startedAt && line(edition.startedAt, 'editions.startedAt')}
      {edition.sentAt && line(edition.sentAt, 'editions.finishedAt')}
      {!edition.startedAt && edition.status !== 'scheduled' && line(edition.createdAt, 'editions.createdAt')}
    </span>
  );
}

export function NewslettersPage() {
  // The list's pages by their cursors: the first has none, each further one the `next` of the page before.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = trpc.useQueries((q) =>
    cursors.map((before) =>
      q.newsletters.list(
        { limit: EDITIONS_PAGE_SIZE.default, ...(before ? { before } : {}) },
        // Editions on their way out are asked about again, so their figures move.
        { refetchInterval: (query) => (query.state.data?.items.some((e) => isLive(e.status)) ? 5000 : false) },
      ),
    ),
  );
  const first = pages[0];
  const last = pages[pages.length - 1];
  const items = pages.flatMap((page) => page.data?.items ?? []);
  const next = last?.data?.next ?? null;

  return (
    <AdminPage
      title={t('editions.title')}
      actions={
        <Link to="/admin/newsletters/new" className="btn btn--staff btn--dark">
          <Plus aria-hidden="true" size={18} />
          {t('editions.new')}
        </Link>
      }
    >
      <p className="admin-muted">{t('editions.intro')}</p>
      {first?.isPending && <Spinner />}
      {first?.isError && <LoadError message={t('editions.loadFailed')} onRetry={() => void first.refetch()} />}
      {first?.data && items.length === 0 && <p className="admin-card admin-empty">{t('editions.empty')}</p>}
      {items.length > 0 && (
        <div className="admin-card table-wrap">
          <table className="table table--people">
            <caption className="visually-hidden">{t('editions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('editions.subject')}</th>
                <th scope="col">{t('editions.state')}</th>
                <th scope="col">{t('editions.dates')}</th>
                <th scope="col">{t('editions.delivery')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((edition) => (
                <tr key={edition.id}>
                  <th scope="row" className="table__title">
                    <span className="edition-title">
                      <Link to={`/admin/newsletters/${edition.id}`} className="admin-link edition-link">
                        {edition.subject}
                      </Link>
                      {edition.subjectHa && (
                        <span className="admin-muted edition-title__ha" lang="ha">
                          {edition.subjectHa}
                        </span>
                      )}
                    </span>
                  </th>
                  <td data-label={t('editions.state')}>
                    <StatusBadge status={edition.status} />
                  </td>
                  <td data-label={t('editions.dates')}>
                    <Dates edition={edition} />
                  </td>
                  <td data-label={t('editions.delivery')}>
                    {edition.status === 'draft' || edition.status === 'scheduled'
                      ? t('editions.noCounts')
                      : countsSummary(edition.counts)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        pages={{
          hasNextPage: next !== null || (pages.length > 1 && Boolean(last?.isPending)),
          isFetchingNextPage: pages.length > 1 && Boolean(last?.isPending),
          fetchNextPage: async () => {
            if (next) setCursors((list) => [...list, next]);
          },
        }}
      />
    </AdminPage>
  );
}
