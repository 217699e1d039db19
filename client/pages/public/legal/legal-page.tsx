import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { PageHeader } from '../../../components/page-header';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long policy page: heading band, a table of contents and numbered sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** YYYY-MM-DD */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHeader title={title} lead={t('legal.updated', { date: formatDate(updated) })} />
      <div className="container legal">
        <nav className="legal__toc" aria-labelledby="toc-title">
          <h2 id="toc-title" className="legal__toc-title">
            {t('legal.contents')}
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose legal__body">
          {intro}
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
