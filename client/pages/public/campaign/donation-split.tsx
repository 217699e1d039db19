import { DONATION_SPLIT_KOBO } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';

/** For every naira: 80 kobo to campaigns and 20 to administration and maintenance. */
export function DonationSplit() {
  const { campaign, administration } = DONATION_SPLIT_KOBO;
  return (
    <figure className="split-bar">
      <figcaption className="split-bar__title">{t('detail.split')}</figcaption>
      <div className="split-bar__track" aria-hidden="true">
        <span className="split-bar__campaign" style={{ width: `${campaign}%` }} />
        <span className="split-bar__admin" style={{ width: `${administration}%` }} />
      </div>
      <p>{t('detail.splitText', { campaign, administration })}</p>
      <ul className="split-bar__legend">
        <li>
          <span className="split-bar__key split-bar__key--campaign" aria-hidden="true" />
          {t('detail.splitCampaign', { kobo: campaign })}
        </li>
        <li>
          <span className="split-bar__key split-bar__key--admin" aria-hidden="true" />
          {t('detail.splitAdministration', { kobo: administration })}
        </li>
      </ul>
    </figure>
  );
}
