import { t } from '../../../../shared/messages';
import { LegalPage } from './legal-page';
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_UPDATED } from './privacy-content-ha';

/** The privacy policy in Hausa: its own chunk, so English visitors never download it (and the reverse). */
export function PrivacyPage() {
  return (
    <LegalPage title={t('privacy.title')} updated={PRIVACY_UPDATED} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />
  );
}
