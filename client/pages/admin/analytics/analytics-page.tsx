/**
 * /admin/analytics: submissions per week by type, and campaigns' raised against target. The charts
 * are drawn as SVG here (no chart library: a few hundred bytes instead of tens of kilobytes), and
 * each has the same figures as a table for screen readers and for reading exact numbers.
 */
import { SUBMISSION_TYPES } from '../../../../shared/constants';
import { formatDate, formatNaira, progressPercent, shortDay } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { Spinner } from '../../../components/spinner';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';

type Analytics = RouterOutputs['dashboard']['analytics'];

const WIDTH = 560;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 36, left: 36 };

/** A nice round top for the axis: 1, 2 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value) ?? value;
}

function WeeklyChart({ weeks }: { weeks: Analytics['weeks'] }) {
  const totals = weeks.map((w) => SUBMISSION_TYPES.reduce((sum, type) => sum + w[type], 0));
  const top = niceMax(Math.max(0, ...totals));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / weeks.length;
  const barW = Math.max(4, slot * 0.6);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = [0, top / 2, top];
  return (
    <svg className="admin-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="weekly-chart-title">
      <title id="weekly-chart-title">{t('admin.analytics.weeklyChart', { weeks: weeks.length })}</title>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="admin-chart__label">
            {tick}
          </text>
        </g>
      ))}
      {weeks.map((week, i) => {
        let base = 0;
        const x = PAD.left + i * slot + (slot - barW) / 2;
        return (
          <g key={week.week}>
            {SUBMISSION_TYPES.map((type) => {
              const value = week[type];
              if (value === 0) return null;
              const rect = (
                <rect
                  key={type}
                  x={x}
                  width={barW}
                  y={y(base + value)}
                  height={y(base) - y(base + value)}
                  className={`admin-chart__bar admin-chart__bar--${type}`}
                />
              );
              base += value;
              return rect;
            })}
            {i % 2 === weeks.length % 2 ? null : (
              <text x={x + barW / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className="admin-chart__label">
                {shortDay(week.week)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function WeeklySection({ weeks }: { weeks: Analytics['weeks'] }) {
  return (
    <section className="admin-card" aria-labelledby="weekly-title">
      <h2 id="weekly-title" className="admin-section-title">
        {t('admin.analytics.weeklyTitle')}
      </h2>
      <ul className="admin-legend">
        {SUBMISSION_TYPES.map((type) => (
          <li key={type}>
            <span className={`admin-legend__swatch admin-chart__bar--${type}`} aria-hidden="true" />
            {t(`admin.submissions.tab.${type}`)}
          </li>
        ))}
      </ul>
      {/* Focusable so a keyboard can scroll it on a phone. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <figure className="admin-chart-scroll" tabIndex={0} aria-labelledby="weekly-chart-title">
        <WeeklyChart weeks={weeks} />
      </figure>
      <details className="admin-chart__table">
        <summary className="admin-chart__toggle">{t('admin.analytics.showTable')}</summary>
        <div className="table-wrap">
          <table className="table table--plain">
            <caption className="visually-hidden">{t('admin.analytics.weeklyTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.analytics.weekOf')}</th>
                {SUBMISSION_TYPES.map((type) => (
                  <th key={type} scope="col">
                    {t(`admin.submissions.tab.${type}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">{formatDate(week.week)}</th>
                  {SUBMISSION_TYPES.map((type) => (
                    <td key={type}>{week[type]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** Raised against target per campaign: a bar per row of a real table, so the chart is the table. */
function CampaignsSection({ campaigns }: { campaigns: Analytics['campaigns'] }) {
  return (
    <section className="admin-card" aria-labelledby="campaigns-chart-title">
      <h2 id="campaigns-chart-title" className="admin-section-title">
        {t('admin.analytics.campaignsTitle')}
      </h2>
      {campaigns.length === 0 ? (
        <p className="admin-muted">{t('admin.campaigns.empty')}</p>
      ) : (
        <table className="admin-progress-table">
          <caption className="visually-hidden">{t('admin.analytics.campaignsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.campaigns.campaign')}</th>
              <th scope="col">{t('admin.campaigns.raised')}</th>
              <th scope="col">{t('admin.analytics.progress')}</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => {
              const percent = progressPercent(c.raised, c.target);
              return (
                <tr key={c.id}>
                  <th scope="row">{c.title}</th>
                  <td>{t('admin.campaigns.of', { raised: formatNaira(c.raised), target: formatNaira(c.target) })}</td>
                  <td>
                    <span className="admin-progress" aria-hidden="true">
                      <span style={{ width: `${Math.min(100, percent)}%` }} />
                    </span>
                    <span className="admin-progress__value">{percent}%</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function AnalyticsPage() {
  const analytics = trpc.dashboard.analytics.useQuery();
  return (
    <AdminPage title={t('admin.analytics.title')}>
      {analytics.isPending && <Spinner />}
      {analytics.isError && (
        <LoadError message={t('admin.analytics.loadFailed')} onRetry={() => void analytics.refetch()} />
      )}
      {analytics.data && (
        <>
          <WeeklySection weeks={analytics.data.weeks} />
          <CampaignsSection campaigns={analytics.data.campaigns} />
        </>
      )}
    </AdminPage>
  );
}
