import { Link } from 'wouter';
import { t } from '../../../../shared/messages';

export function CallToAction() {
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <div>
          <h2 id="cta-title">{t('home.ctaTitle')}</h2>
          <p>{t('home.ctaText')}</p>
        </div>
        <div className="button-row">
          <Link to="/campaigns" className="btn btn--dark btn--large">
            {t('common.donateNow')}
          </Link>
          <Link to="/get-involved" className="btn btn--outline-dark btn--large">
            {t('home.ctaSecondary')}
          </Link>
        </div>
      </div>
    </section>
  );
}
