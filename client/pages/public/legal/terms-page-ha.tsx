import { t } from '../../../../shared/messages';
import { LegalPage } from './legal-page';
import { TERMS_INTRO, TERMS_SECTIONS, TERMS_UPDATED } from './terms-content-ha';

/** The terms in Hausa: their own chunk, so English visitors never download them (and the reverse). */
export function TermsPage() {
  return <LegalPage title={t('terms.title')} updated={TERMS_UPDATED} intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
