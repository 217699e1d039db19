import { Link } from 'wouter';
import { CAMPAIGN_LOCATIONS, DONATION_SPLIT_KOBO } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { CheckCircle2 } from '../../../components/icons/circle-check';

/** Made at render: the server renders each request in its own language. */
const trustPoints = () => [
  t('home.trust1'),
  t('home.trust2', { kobo: DONATION_SPLIT_KOBO.campaign }),
  t('home.trust3', { count: CAMPAIGN_LOCATIONS.length }),
];

export function HomeHero() {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="eyebrow eyebrow--light">{t('home.heroEyebrow')}</p>
          <h1 className="hero__title">{t('home.heroTitle')}</h1>
          <p className="hero__lead">{t('home.heroText')}</p>
          <div className="button-row">
            <Link to="/campaigns" className="btn btn--primary btn--large">
              {t('common.donateNow')}
            </Link>
            <Link to="/about" className="btn btn--ghost-light btn--large">
              {t('common.learnMore')}
              {/* The spec's label, completed for screen readers and search engines: learn more about what. */}
              <span className="visually-hidden"> {t('home.learnMoreAbout')}</span>
            </Link>
          </div>
          <ul className="hero__trust">
            {trustPoints().map((text) => (
              <li key={text}>
                <CheckCircle2 aria-hidden="true" size={18} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="hero__art">
          <img
            src="/images/hero-village.svg"
            alt={t('home.heroImageAlt')}
            width={560}
            height={460}
            fetchPriority="high"
          />
        </div>
      </div>
    </section>
  );
}
