import { formatNaira } from '../../../shared/format';
import { t } from '../../../shared/messages';
import { PitchPage } from './pitch-page';

/** Sample opportunity sizes named by the spec (section 2). */
const WHOLE_PROJECT_NAIRA = 500_000;
const PART_PROJECT_NAIRA = 150_000;

function Opportunity({ title, text }: { title: string; text: string }) {
  return (
    <>
      <strong className="check-list__title">{title}</strong>
      <span>{text}</span>
    </>
  );
}

export function PartnerPage() {
  return (
    <PitchPage
      title={t('partner.title')}
      lead={t('partner.lead')}
      listTitle={t('partner.opportunitiesTitle')}
      items={[
        <Opportunity
          key="whole"
          title={t('partner.opportunity1Title')}
          text={t('partner.opportunity1', { amount: formatNaira(WHOLE_PROJECT_NAIRA) })}
        />,
        <Opportunity
          key="part"
          title={t('partner.opportunity2Title')}
          text={t('partner.opportunity2', { amount: formatNaira(PART_PROJECT_NAIRA) })}
        />,
        <Opportunity key="kind" title={t('partner.opportunity3Title')} text={t('partner.opportunity3')} />,
      ]}
      formPath="/partner-form"
      ctaLabel={t('partner.cta')}
      note={t('partner.note')}
      art={{ src: '/images/partners.svg', alt: '' }}
    />
  );
}
