/**
 * The dashboard's giving, for finance and admins: pledged against received this month, what
 * Paystack kept in fees this month, credits waiting for a decision, and received per week as a
 * small SVG chart with its table.
 */
import { Link } from 'wouter';
import { formatDate, formatNaira, shortDay } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { HandCoins } from '../../../components/icons/hand-coins';
import { Spinner } from '../../../components/spinner';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { LoadError } from '../components/load-error';

type Week = RouterOutputs['gifts']['summary']['receivedPerWeek'][number];

const WIDTH = 720;
const HEIGHT = 180;
const PAD = { top: 8, bottom: 24, left: 8, right: 8 };

function WeeklyReceived({ weeks }: { weeks: Week[] }) {
  const top = Math.max(1, ...weeks.map((w) => w.amount));
  const slot = (WIDTH - PAD.left - PAD.right) / weeks.length;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="giving-chart-title">
      <title id="giving-chart-title">{t('admin.giving.weeklyChart', { weeks: weeks.length })}</title>
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotH}
        y2={PAD.top + plotH}
        className="admin-chart__grid"
      />
      {weeks.map((week, i) => {
        const h = (week.amount / top) * plotH;
        const x = PAD.left + i * slot + slot * 0.2;
        return (
          <g key={week.week}>
            <rect
              x={x}
              width={slot * 0.6}
              y={PAD.top + plotH - h}
              height={h}
              className="admin-chart__bar admin-chart__bar--volunteer"
            />
            {i % 3 === 0 && (
              <text x={x + slot * 0.3} y={HEIGHT - 6} textAnchor="middle" className="admin-chart__label">
                {shortDay(week.week)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function GivingCard() {
  const summary = trpc.gifts.summary.useQuery();
  return (
    <section className="admin-card giving-card" aria-labelledby="giving-title">
      <h2 id="giving-title" className="admin-section-title">
        <HandCoins aria-hidden="true" size={20} /> {t('admin.giving.dashboardTitle')}
      </h2>
      {summary.isPending && <Spinner />}
      {summary.isError && <LoadError message={t('admin.giving.loadFailed')} onRetry={() => void summary.refetch()} />}
      {summary.data && (
        <>
          <dl className="giving-card__figures">
            <div>
              <dt>{t('admin.giving.pledgedThisMonth')}</dt>
              <dd>{formatNaira(summary.data.month.pledged)}</dd>
            </div>
            <div>
              <dt>{t('admin.giving.receivedThisMonth')}</dt>
              <dd>{formatNaira(summary.data.month.received)}</dd>
            </div>
            <div>
              <dt>{t('admin.giving.feesThisMonth')}</dt>
              <dd>{formatNaira(summary.data.month.fees)}</dd>
            </div>
            <div>
              <dt>{t('admin.giving.waiting')}</dt>
              <dd>
                <Link to="/admin/donations" className="admin-link">
                  {t('admin.giving.waitingValue', {
                    count: summary.data.waiting.credits,
                    amount: formatNaira(summary.data.waiting.amount),
                  })}
                </Link>
              </dd>
            </div>
          </dl>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
          <figure className="admin-chart-scroll giving-card__chart" tabIndex={0} aria-labelledby="giving-chart-title">
            <WeeklyReceived weeks={summary.data.receivedPerWeek} />
          </figure>
          <details className="admin-chart__table">
            <summary className="admin-chart__toggle">{t('admin.analytics.showTable')}</summary>
            <div className="table-wrap">
              <table className="table table--plain">
                <caption className="visually-hidden">{t('admin.giving.weeklyTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.analytics.weekOf')}</th>
                    <th scope="col">{t('admin.giving.received')}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.data.receivedPerWeek.map((w) => (
                    <tr key={w.week}>
                      <th scope="row">{formatDate(w.week)}</th>
                      <td>{formatNaira(w.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
