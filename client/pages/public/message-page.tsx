import type { ReactNode } from 'react';
import type { Icon } from '../../components/icons/icon';

/** A page of one short message: an optional icon, the heading, a sentence and the ways on. */
export function MessagePage({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon?: Icon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="section">
      <div className="container narrow message-page">
        {Icon && <Icon className="message-page__icon" aria-hidden="true" size={56} />}
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
      </div>
    </section>
  );
}
