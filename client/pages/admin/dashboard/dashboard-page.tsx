/** The overview: four figures, fixed change labels, and the last ten events. */
import type { ReactNode } from 'react';
import { DASHBOARD_CHANGE_LABELS } from '../../../../shared/constants';
import { formatAgo, formatDateTime, formatNaira } from '../../../../shared/format';
import { type MessageKey, t } from '../../../../shared/messages';
import { Activity } from '../../../components/icons/activity';
import { MapPin } from '../../../components/icons/map-pin';
import { Megaphone } from '../../../components/icons/megaphone';
import { TrendingUp } from '../../../components/icons/trending-up';
import { Wallet } from '../../../components/icons/wallet';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { GivingCard } from '../giving/giving-card';
import { useCan } from '../lib/use-me';
import { MailNotice } from '../outbox/mail-notice';

function StatCard({
  label,
  value,
  change,
  note,
  icon,
}: {
  label: string;
  value: string;
  change?: string;
  /** What the figure measures, under it ("November vs October"). */
  note?: string;
  icon: ReactNode;
}) {
  return (
    <li className="admin-card admin-stat">
      <div className="admin-stat__head">
        <span className="admin-stat__icon">{icon}</span>
        {change && <span className="admin-stat__change">{change}</span>}
      </div>
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      {note && <p className="admin-stat__note">{note}</p>}
    </li>
  );
}

/** A month as the server names it (YYYY-MM), in words: "November". */
const monthName = (month: string) => t(`date.month.long.${Number(month.slice(5, 7))}` as MessageKey);

/** Growth with its sign, one decimal: +12.5%, -40.0%, 0.0%. */
const signedPercent = (value: number) =>
  t('admin.dashboard.growthValue', { value: `${value > 0 ? '+' : ''}${value.toFixed(1)}` });

function RecentActivity() {
  const recent = trpc.dashboard.recentActivity.useQuery();
  if (recent.isPending) return <Spinner />;
  if (recent.isError)
    return <LoadError message={t('admin.dashboard.activityFailed')} onRetry={() => void recent.refetch()} />;
  if (recent.data.length === 0) return <p className="admin-muted">{t('admin.dashboard.noActivity')}</p>;
  const now = new Date();
  return (
    <ol className="admin-events">
      {recent.data.map((event) => (
        <li key={event.id} className="admin-events__item">
          <span className="admin-events__what">{event.description}</span>
          <time className="admin-muted" dateTime={event.at} title={formatDateTime(event.at)}>
            {formatAgo(event.at, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}

export function DashboardPage() {
  const stats = trpc.dashboard.stats.useQuery();
  const seesGiving = useCan('donations.manage');
  const seesMail = useCan('outbox.manage');
  const [raisedChange, activeChange, locationsChange] = DASHBOARD_CHANGE_LABELS;

  return (
    <AdminPage title={t('admin.dashboard.title')}>
      {seesMail && <MailNotice />}
      {stats.isPending && <Spinner />}
      {stats.isError && <LoadError message={t('admin.dashboard.loadFailed')} onRetry={() => void stats.refetch()} />}
      {stats.data && (
        <ul className="admin-stats">
          <StatCard
            label={t('admin.dashboard.totalRaised')}
            value={formatNaira(stats.data.totalRaised)}
            change={raisedChange}
            icon={<Wallet aria-hidden="true" size={20} />}
          />
          <StatCard
            label={t('admin.dashboard.activeCampaigns')}
            value={String(stats.data.activeCampaigns)}
            change={activeChange}
            icon={<Megaphone aria-hidden="true" size={20} />}
          />
          <StatCard
            label={t('admin.dashboard.locations')}
            value={String(stats.data.locations)}
            change={locationsChange}
            icon={<MapPin aria-hidden="true" size={20} />}
          />
          <StatCard
            label={t('admin.dashboard.monthlyGrowth')}
            value={signedPercent(stats.data.monthlyGrowth)}
            note={t('admin.dashboard.growthCompared', {
              current: monthName(stats.data.currentMonth),
              previous: monthName(stats.data.previousMonth),
            })}
            icon={<TrendingUp aria-hidden="true" size={20} />}
          />
        </ul>
      )}
      {seesGiving && <GivingCard />}
      <section className="admin-card admin-activity" aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="admin-section-title">
          <Activity aria-hidden="true" size={20} /> {t('admin.dashboard.recentActivity')}
        </h2>
        <RecentActivity />
      </section>
    </AdminPage>
  );
}
