import { Link } from 'wouter';
import { type MessageKey, t } from '../../../shared/messages';
import { HandHeart } from '../../components/icons/hand-heart';
import { Handshake } from '../../components/icons/handshake';
import type { Icon } from '../../components/icons/icon';
import { Megaphone } from '../../components/icons/megaphone';
import { MessagesSquare } from '../../components/icons/messages-square';
import { PageHeader } from '../../components/page-header';

const WAYS: readonly { icon: Icon; title: MessageKey; text: MessageKey; to: string; cta: MessageKey }[] = [
  {
    icon: HandHeart,
    title: 'involved.volunteer',
    text: 'involved.volunteerText',
    to: '/volunteer',
    cta: 'involved.cta',
  },
  { icon: Handshake, title: 'involved.partner', text: 'involved.partnerText', to: '/partner', cta: 'involved.cta' },
  { icon: Megaphone, title: 'involved.advocate', text: 'involved.advocateText', to: '/advocate', cta: 'involved.cta' },
  { icon: MessagesSquare, title: 'involved.join', text: 'involved.joinText', to: '/contact', cta: 'involved.joinCta' },
];

export function GetInvolvedPage() {
  return (
    <>
      <PageHeader title={t('involved.title')} lead={t('involved.lead')} />
      <section className="section">
        <div className="container">
          <ul className="involve-grid">
            {WAYS.map(({ icon: Icon, title, text, to, cta }) => (
              <li key={to} className="involve-card">
                <span className="involve-card__icon">
                  <Icon aria-hidden="true" size={28} />
                </span>
                <h2>{t(title)}</h2>
                <p>{t(text)}</p>
                <Link to={to} className="btn btn--secondary">
                  {t(cta)}
                  <span className="visually-hidden">: {t(title)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
