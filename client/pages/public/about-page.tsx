import { Link } from 'wouter';
import { t } from '../../../shared/messages';
import { BookOpenCheck } from '../../components/icons/book-open-check';
import { Hammer } from '../../components/icons/hammer';
import { Users } from '../../components/icons/users';
import { PageHeader } from '../../components/page-header';

const WAYS = [
  { icon: Users, title: 'about.how1Title', text: 'about.how1' },
  { icon: Hammer, title: 'about.how2Title', text: 'about.how2' },
  { icon: BookOpenCheck, title: 'about.how3Title', text: 'about.how3' },
] as const;

export function AboutPage() {
  return (
    <>
      <PageHeader title={t('about.title')} lead={t('about.lead')} />
      <section className="section" aria-labelledby="story-title">
        <div className="container split">
          <div className="prose">
            <h2 id="story-title">{t('about.storyTitle')}</h2>
            <p>{t('about.story1')}</p>
            <p>{t('about.story2')}</p>
            <h2>{t('about.missionTitle')}</h2>
            <p className="lead-quote">{t('about.mission')}</p>
          </div>
          <img
            className="split__art"
            src="/images/community-well.svg"
            alt={t('about.imageAlt')}
            width={520}
            height={420}
            loading="lazy"
            decoding="async"
          />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">{t('about.howTitle')}</h2>
          <ul className="feature-grid">
            {WAYS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="feature">
                <span className="feature__icon">
                  <Icon aria-hidden="true" size={24} />
                </span>
                <h3>{t(title)}</h3>
                <p>{t(text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section cta" aria-labelledby="about-donate">
        <div className="container cta__inner">
          <div>
            <h2 id="about-donate">{t('about.donateTitle')}</h2>
            <p>{t('about.donateText')}</p>
          </div>
          <Link to="/campaigns" className="btn btn--dark btn--large">
            {t('shell.donate')}
          </Link>
        </div>
      </section>
    </>
  );
}
