import { t } from '../../../shared/messages';
import { PitchPage } from './pitch-page';

export function AdvocatePage() {
  return (
    <PitchPage
      title={t('advocate.title')}
      lead={t('advocate.lead')}
      listTitle={t('advocate.whatTitle')}
      items={[t('advocate.what1'), t('advocate.what2'), t('advocate.what3')]}
      formPath="/advocate-form"
      ctaLabel={t('advocate.cta')}
      art={{ src: '/images/advocates.svg', alt: '' }}
    />
  );
}
