import { t } from '../../../../shared/messages';
import { LegalPage } from './legal-page';
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_UPDATED } from './privacy-content';

export function PrivacyPage() {
  return (
    <LegalPage title={t('privacy.title')} updated={PRIVACY_UPDATED} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />
  );
}
