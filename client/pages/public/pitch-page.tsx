import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CheckCircle2 } from '../../components/icons/circle-check';
import { PageHeader } from '../../components/page-header';

interface Props {
  title: string;
  lead: string;
  listTitle: string;
  items: readonly ReactNode[];
  formPath: string;
  ctaLabel: string;
  note?: string;
  art: { src: string; alt: string };
}

/** The shape shared by /volunteer, /partner and /advocate: what you would do and a link to the form. */
export function PitchPage({ title, lead, listTitle, items, formPath, ctaLabel, note, art }: Props) {
  return (
    <>
      <PageHeader title={title} lead={lead}>
        <Link to={formPath} className="btn btn--primary btn--large page-header__cta">
          {ctaLabel}
        </Link>
      </PageHeader>
      <section className="section" aria-labelledby="pitch-list">
        <div className="container split">
          <div>
            <h2 id="pitch-list">{listTitle}</h2>
            <ul className="check-list">
              {items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed list in a fixed order
                <li key={i}>
                  <CheckCircle2 aria-hidden="true" size={22} />
                  <div>{item}</div>
                </li>
              ))}
            </ul>
            {note && <p className="muted">{note}</p>}
            <Link to={formPath} className="btn btn--primary">
              {ctaLabel}
            </Link>
          </div>
          <img
            className="split__art"
            src={art.src}
            alt={art.alt}
            width={520}
            height={420}
            loading="lazy"
            decoding="async"
          />
        </div>
      </section>
    </>
  );
}
