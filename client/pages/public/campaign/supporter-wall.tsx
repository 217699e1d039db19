/** The campaign's supporters: each confirmed gift as its donor chose to be shown. */
import { formatDate, formatNaira } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { trpc } from '../../../lib/trpc';

export function SupporterWall({ campaignId }: { campaignId: string }) {
  const supporters = trpc.pledge.supporters.useQuery({ campaignId });
  const list = supporters.data ?? [];
  return (
    <section className="detail-block" aria-labelledby="supporters-title">
      <h2 id="supporters-title">{t('supporters.title')}</h2>
      {list.length === 0 ? (
        <p className="muted">{t('supporters.none')}</p>
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
        </ul>
      )}
    </section>
  );
}
