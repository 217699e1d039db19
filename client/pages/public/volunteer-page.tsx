import { t } from '../../../shared/messages';
import { PitchPage } from './pitch-page';

export function VolunteerPage() {
  return (
    <PitchPage
      title={t('volunteer.title')}
      lead={t('volunteer.lead')}
      listTitle={t('volunteer.whatTitle')}
      items={[t('volunteer.what1'), t('volunteer.what2'), t('volunteer.what3'), t('volunteer.what4')]}
      formPath="/volunteer-form"
      ctaLabel={t('volunteer.cta')}
      note={t('volunteer.note')}
      art={{ src: '/images/volunteers.svg', alt: '' }}
    />
  );
}
