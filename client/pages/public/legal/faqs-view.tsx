import { Link } from 'wouter';
import { t } from '../../../../shared/messages';
import { PageHeader } from '../../../components/page-header';
import type { Faq } from './faq-content';

/** Questions as native disclosure widgets: keyboard and screen-reader friendly with no script. */
export function FaqsView({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <>
      <PageHeader title={t('faqs.title')} lead={t('faqs.lead')} />
      <section className="section">
        <div className="container narrow">
          <div className="faq-list">
            {faqs.map((faq) => (
              <details key={faq.question} className="faq">
                <summary>
                  <h2 className="faq__question">{faq.question}</h2>
                </summary>
                <div className="faq__answer">{faq.answer}</div>
              </details>
            ))}
          </div>
          <div className="panel panel--center">
            <h2>{t('faqs.more')}</h2>
            <Link to="/contact" className="btn btn--primary">
              {t('involved.joinCta')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
