/**
 * /admin/activity (admins): the audit trail in plain words, filtered by person, kind and day; each
 * line links to the entry it changed, by name, where that entry still has a page.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { ACTIVITY_KINDS, type ActivityKind } from '../../../../shared/schemas/staff';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';

interface Filters {
  actor: string;
  kind: ActivityKind | '';
  from: string;
  to: string;
}

const NONE: Filters = { actor: '', kind: '', from: '', to: '' };

export function ActivityPage() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const users = trpc.users.list.useQuery();
  const query = {
    limit: 50,
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const pages = trpc.activity.page.useInfiniteQuery(query, {
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const events = pages.data?.pages.flatMap((page) => page.items);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  return (
    <AdminPage title={t('admin.activity.title')}>
      <form className="admin-card admin-filters" onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span className="field__label">{t('admin.activity.person')}</span>
          <select className="field__control field__control--select" value={filters.actor} onChange={set('actor')}>
            <option value="">{t('admin.activity.everyone')}</option>
            {users.data?.users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name || user.email}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('admin.activity.kind')}</span>
          <select className="field__control field__control--select" value={filters.kind} onChange={set('kind')}>
            <option value="">{t('admin.activity.allKinds')}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`admin.activity.kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('admin.activity.from')}</span>
          <input type="date" className="field__control" value={filters.from} onChange={set('from')} />
        </label>
        <label className="field">
          <span className="field__label">{t('admin.activity.to')}</span>
          <input type="date" className="field__control" value={filters.to} onChange={set('to')} />
        </label>
        <button
          type="button"
          className="btn btn--staff btn--ghost"
          disabled={filters === NONE}
          onClick={() => setFilters(NONE)}
        >
          {t('admin.activity.clear')}
        </button>
      </form>
      {pages.isPending && <Spinner />}
      {pages.isError && <LoadError message={t('admin.activity.loadFailed')} onRetry={() => void pages.refetch()} />}
      {events?.length === 0 && <p className="admin-card admin-empty">{t('admin.activity.empty')}</p>}
      {events && events.length > 0 && (
        <ol className="admin-card admin-events" aria-label={t('admin.activity.title')}>
          {events.map((event) => (
            <li key={event.id} className="admin-events__item">
              <span className="admin-events__what">
                {event.description}
                {event.link && (
                  <>
                    {' · '}
                    <Link to={event.link.path} className="admin-link admin-events__entry">
                      {event.link.label}
                    </Link>
                  </>
                )}
              </span>
              <span className="admin-muted">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.ip && ` · ${event.ip}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <LoadMore pages={pages} />
    </AdminPage>
  );
}
