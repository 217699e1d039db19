/**
 * The campaigns table. On a phone each row becomes a card (CSS): the cells carry their column
 * name in data-label, so nothing needs scrolling sideways.
 */
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { CAMPAIGN_STATUS } from '../../../../shared/constants';
import { formatNaira, progressPercent } from '../../../../shared/format';
import { choiceLabel, t } from '../../../../shared/messages';
import type { Campaign } from '../../../../shared/schemas/campaign';
import { CampaignImage } from '../../../components/campaign-image';

export function CampaignTable({
  campaigns,
  onDelete,
}: {
  campaigns: readonly Campaign[];
  /** Without it the table is read-only: no edit or delete (a role that may only read campaigns). */
  onDelete?: ((campaign: Campaign) => void) | undefined;
}) {
  return (
    <div className="admin-card admin-table-wrap">
      <table className="admin-table">
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
              <td className="admin-table__thumb">
                <CampaignImage src={c.image} alt="" width={64} height={48} sizes="80px" />
              </td>
              <th scope="row" className="admin-table__title">
                {c.title}
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
                <span className="admin-badge admin-badge--active">{CAMPAIGN_STATUS}</span>
              </td>
              {onDelete && (
                <td className="admin-table__actions">
                  <Link
                    to={`/admin/campaigns/${c._id}/edit`}
                    className="admin-btn admin-btn--secondary admin-btn--small"
                    aria-label={t('admin.campaigns.editLabel', { title: c.title })}
                  >
                    <Pencil aria-hidden="true" size={16} />
                    {t('admin.campaigns.edit')}
                  </Link>
                  <button
                    type="button"
                    className="admin-btn admin-btn--danger-ghost admin-btn--small"
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
