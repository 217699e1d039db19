/**
 * The campaign's supporters: each confirmed gift as its donor chose to be shown, and what the
 * total holds from before online records. "Be the first" only while nothing at all is raised.
 */
import { formatDate, formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { RetryNotice } from '../../../components/retry-notice';
import { failureMessage } from '../../../lib/load-failure';
import { useSiteQuery } from '../../../lib/site-data';

export function SupporterWall({ campaignId, raised }: { campaignId: string; raised: number }) {
  const supporters = useSiteQuery('pledge.supporters', { campaignId });
  const list = supporters.data?.items ?? [];
  const givenBefore = supporters.data?.givenBefore ?? 0;
  return (
    <section className="detail-block" aria-labelledby="supporters-title">
      <h2 id="supporters-title">{t('supporters.title')}</h2>
      {supporters.isError ? (
        <RetryNotice message={failureMessage(supporters.error)} onRetry={() => void supporters.refetch()} />
      ) : list.length === 0 && givenBefore === 0 ? (
        raised === 0 && supporters.isSuccess && <p className="muted">{t('supporters.none')}</p>
      ) : (
        <ul className="supporter-wall">
          {list.map((s) => (
            <li key={s.id} className="supporter-wall__item">
              <span className="supporter-wall__name">{s.name ?? t('supporters.anonymous')}</span>
              <span className="supporter-wall__amount">
                {s.amount === null ? t('supporters.amountHidden') : formatNaira(s.amount)}
              </span>
              <time className="supporter-wall__date" dateTime={s.receivedOn}>
                {formatDate(s.receivedOn)}
              </time>
            </li>
          ))}
          {givenBefore > 0 && (
            <li className="supporter-wall__item supporter-wall__before">
              {t('supporters.givenBefore', { amount: formatNaira(givenBefore) })}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
