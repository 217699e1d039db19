import { Link } from 'wouter';
import type { CampaignCardData } from '../../shared/campaign-card';
import { campaignTexts, langOf } from '../../shared/campaign-language';
import { formatNaira } from '../../shared/format';
import { choiceLabel, getLocale, t } from '../../shared/messages';
import { CampaignImage } from './campaign-image';
import { MapPin } from './icons/map-pin';
import { FundingProgress } from './progress-bar';

const CARD_SIZES = '(min-width: 1100px) 22rem, (min-width: 700px) 45vw, 100vw';

/** One campaign in a grid: image, title and button all lead to its page. */
export function CampaignCard({
  campaign,
  headingLevel = 3,
  leading = false,
}: {
  campaign: CampaignCardData;
  headingLevel?: 2 | 3;
  /** The first card on a page that opens with the grid: its photo is fetched at once and first. */
  leading?: boolean;
}) {
  const href = `/campaign/${encodeURIComponent(campaign._id)}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const texts = campaignTexts(campaign);
  // Said as the campaign page says it: the card and the page note the same campaigns.
  const notYetInHausa = getLocale() === 'ha' && campaign.lacksHausa;
  return (
    <article className="campaign-card">
      {/* The image link repeats the title link, so it is hidden from the tab order and screen readers. */}
      <Link to={href} className="campaign-card__media" tabIndex={-1} aria-hidden="true">
        <CampaignImage
          src={campaign.image}
          alt=""
          width={640}
          height={400}
          sizes={CARD_SIZES}
          info={campaign.imageInfo?.[campaign.image]}
          {...(leading && { loading: 'eager', fetchPriority: 'high' })}
        />
        {campaign.category && <span className="campaign-card__tag">{choiceLabel(campaign.category)}</span>}
      </Link>
      <div className="campaign-card__body">
        <Heading className="campaign-card__title" lang={langOf(texts, 'title')}>
          <Link to={href}>{texts.title}</Link>
        </Heading>
        {notYetInHausa && <p className="campaign-card__language-note">{t('language.notYetInHausa')}</p>}
        <p className="campaign-card__location">
          <MapPin aria-hidden="true" size={16} />
          <span className="visually-hidden">{t('campaign.location')}: </span>
          {choiceLabel(campaign.location)}
        </p>
        {texts.shortDescription && (
          <p className="campaign-card__text" lang={langOf(texts, 'shortDescription')}>
            {texts.shortDescription}
          </p>
        )}
        <div className="campaign-card__funding">
          <p className="campaign-card__amounts">
            <span className="campaign-card__raised">{formatNaira(campaign.amountRaised)}</span>
            <span className="campaign-card__target"> / {formatNaira(campaign.target)}</span>
          </p>
          <FundingProgress raised={campaign.amountRaised} target={campaign.target} />
        </div>
        <Link to={href} className="btn btn--primary btn--block">
          {t('campaigns.donateNow')}
          <span className="visually-hidden" lang={langOf(texts, 'title')}>
            : {texts.title}
          </span>
        </Link>
      </div>
    </article>
  );
}
