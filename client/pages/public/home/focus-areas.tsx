import { type MessageKey, t } from '../../../../shared/messages';
import { BookOpen } from '../../../components/icons/book-open';
import { Building2 } from '../../../components/icons/building-2';
import { Droplets } from '../../../components/icons/droplets';
import { HeartPulse } from '../../../components/icons/heart-pulse';
import type { Icon } from '../../../components/icons/icon';
import { LifeBuoy } from '../../../components/icons/life-buoy';
import { Utensils } from '../../../components/icons/utensils';

const AREAS: readonly { icon: Icon; title: MessageKey; text: MessageKey }[] = [
  { icon: Building2, title: 'home.focus.infrastructure', text: 'home.focus.infrastructureText' },
  { icon: Droplets, title: 'home.focus.water', text: 'home.focus.waterText' },
  { icon: HeartPulse, title: 'home.focus.health', text: 'home.focus.healthText' },
  { icon: Utensils, title: 'home.focus.feeding', text: 'home.focus.feedingText' },
  { icon: BookOpen, title: 'home.focus.education', text: 'home.focus.educationText' },
  { icon: LifeBuoy, title: 'home.focus.crisis', text: 'home.focus.crisisText' },
];

export function FocusAreas() {
  return (
    <section className="section section--green" aria-labelledby="focus-title">
      <div className="container">
        <div className="section__intro section__intro--center">
          <h2 id="focus-title">{t('home.focusTitle')}</h2>
          <p>{t('home.focusText')}</p>
        </div>
        <ul className="focus-grid">
          {AREAS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="focus-card">
              <span className="focus-card__icon">
                <Icon aria-hidden="true" size={26} />
              </span>
              <h3>{t(title)}</h3>
              <p>{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
