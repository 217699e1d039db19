/**
 * The campaigns table. On a phone each row becomes a card (CSS): the cells carry their column
 * name in data-label, so nothing needs scrolling sideways.
 */
import { Link } from 'wouter';
import { CAMPAIGN_STATUS } from '../../../../shared/constants';
import { formatNaira, progressPercent } from '../../../../shared/format';
import { choiceLabel, t } from '../../../../shared/messages';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { CampaignImage } from '../../../components/campaign-image';
import { Pencil } from '../../../components/icons/pencil';
import { Trash2 } from '../../../components/icons/trash-2';
import { HausaMissingBadge } from './hausa-progress';

export function CampaignTable({
  campaigns,
  onDelete,
}: {
  campaigns: readonly Campaign[];
  /** Without it the table is read-only: no edit or delete (a role that may only read campaigns). */
  onDelete?: ((campaign: Campaign) => void) | undefined;
}) {
  return (
    <div className="admin-card table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('admin.campaigns.image')}</span>
            </th>
            <th scope="col">{t('admin.campaigns.campaign')}</th>
            <th scope="col">{t('admin.campaigns.location')}</th>
            <th scope="col">{t('admin.campaigns.raised')}</th>
            <th scope="col">{t('admin.campaigns.status')}</th>
            {onDelete && (
              <th scope="col">
                <span className="visually-hidden">{t('admin.campaigns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <tr key={c._id}>
              <td className="table__thumb">
                <CampaignImage src={c.image} alt="" width={64} height={48} sizes="80px" />
              </td>
              <th scope="row" className="table__title">
                <span className="admin-campaign-title">{c.title}</span> <HausaMissingBadge campaign={c} />
              </th>
              <td data-label={t('admin.campaigns.location')}>{choiceLabel(c.location)}</td>
              <td data-label={t('admin.campaigns.raised')}>
                <span>
                  {t('admin.campaigns.of', { raised: formatNaira(c.amountRaised), target: formatNaira(c.target) })}
                  <span className="admin-muted"> ({progressPercent(c.amountRaised, c.target)}%)</span>
                </span>
              </td>
              <td data-label={t('admin.campaigns.status')}>
                {/* The spec's only campaign status; every save sends it. */}
                <span className="badge badge--success">{choiceLabel(CAMPAIGN_STATUS)}</span>
              </td>
              {onDelete && (
                <td className="table__actions">
                  <Link
                    to={`/admin/campaigns/${c._id}/edit`}
                    className="btn btn--staff btn--secondary btn--small"
                    aria-label={t('admin.campaigns.editLabel', { title: c.title })}
                  >
                    <Pencil aria-hidden="true" size={16} />
                    {t('admin.campaigns.edit')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn--staff btn--danger-ghost btn--small"
                    aria-label={t('admin.campaigns.deleteLabel', { title: c.title })}
                    onClick={() => onDelete(c)}
                  >
                    <Trash2 aria-hidden="true" size={16} />
                    {t('admin.campaigns.delete')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
