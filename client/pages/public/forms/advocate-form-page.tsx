import { ADVOCACY_INTERESTS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { advocateInput } from '../../../../shared/schemas/submissions';
import { CheckboxGroup } from '../../../components/form/choice-group';
import { ContactRows, PERSON } from '../../../components/form/contact-rows';
import { FormPage } from '../../../components/form/form-page';
import { NextSteps } from '../../../components/form/next-steps';
import { SubmissionFormShell } from '../../../components/form/submission-form-shell';
import { TextField } from '../../../components/form/text-field';
import { applicationTexts, useSubmissionForm } from '../../../components/form/use-submission-form';
import { useSiteMutation } from '../../../lib/site-mutations';

export function AdvocateFormPage() {
  const mutation = useSiteMutation('submission.advocate.create');
  const form = useSubmissionForm(advocateInput, {
    kind: 'advocate',
    submit: mutation.mutateAsync,
    ...applicationTexts(),
    redirectTo: '/advocate',
  });
  return (
    <FormPage title={t('advocateForm.title')} lead={t('advocateForm.lead')} aside={<NextSteps />}>
      <SubmissionFormShell form={form} label={t('advocateForm.title')} submitLabel={t('form.submitApplication')}>
        <ContactRows form={form} names={PERSON} />
        <div className="field-row">
          <TextField form={form} name="city" label={t('form.city')} autoComplete="address-level2" />
          <TextField form={form} name="state" label={t('form.state')} autoComplete="address-level1" />
        </div>
        <TextField form={form} name="socialMediaHandles" label={t('form.socialMediaHandles')} />
        <CheckboxGroup
          form={form}
          name="advocacyInterests"
          legend={t('form.advocacyInterests')}
          options={ADVOCACY_INTERESTS}
        />
        <TextField form={form} name="experience" label={t('form.experience')} rows={5} />
        <TextField form={form} name="message" label={t('form.advocateMessage')} rows={5} />
      </SubmissionFormShell>
    </FormPage>
  );
}
