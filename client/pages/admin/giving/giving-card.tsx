/**
 * The dashboard's giving, for finance and admins: pledged against received for campaigns this
 * month, what Paystack kept in fees this month, the general fund (apart from every campaign), credits
 * waiting for a decision, and received per week as a small SVG chart with its table.
 */
import { Link } from 'wouter';
import { formatDate, formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { HandCoins } from '../../../components/icons/hand-coins';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { LoadError } from '../components/load-error';
import { WeeklyReceivedChart } from '../dashboard/weekly-received-chart';

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
              <dt>{t('admin.giving.generalFundThisMonth')}</dt>
              <dd>
                {formatNaira(summary.data.generalFund.month)}
                <span className="giving-card__aside">
                  {t('admin.giving.generalFundInAll', { amount: formatNaira(summary.data.generalFund.total) })}
                </span>
              </dd>
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
            <WeeklyReceivedChart weeks={summary.data.receivedPerWeek} />
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
