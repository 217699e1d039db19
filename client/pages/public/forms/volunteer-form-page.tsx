import { AVAILABILITY_OPTIONS, VOLUNTEER_INTERESTS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { volunteerInput } from '../../../../shared/schemas/submissions';
import { CheckboxGroup, RadioGroup } from '../../../components/form/choice-group';
import { ContactRows, PERSON } from '../../../components/form/contact-rows';
import { FormPage } from '../../../components/form/form-page';
import { NextSteps } from '../../../components/form/next-steps';
import { SubmissionFormShell } from '../../../components/form/submission-form-shell';
import { TextField } from '../../../components/form/text-field';
import { applicationTexts, useSubmissionForm } from '../../../components/form/use-submission-form';
import { useSiteMutation } from '../../../lib/site-mutations';

export function VolunteerFormPage() {
  const mutation = useSiteMutation('submission.volunteer.create');
  const form = useSubmissionForm(volunteerInput, {
    kind: 'volunteer',
    submit: mutation.mutateAsync,
    ...applicationTexts(),
    redirectTo: '/volunteer',
  });
  return (
    <FormPage title={t('volunteerForm.title')} lead={t('volunteerForm.lead')} aside={<NextSteps />}>
      <SubmissionFormShell form={form} label={t('volunteerForm.title')} submitLabel={t('form.submitApplication')}>
        <ContactRows form={form} names={PERSON} />
        <TextField form={form} name="occupation" label={t('form.occupation')} autoComplete="organization-title" />
        <CheckboxGroup form={form} name="interests" legend={t('form.interests')} options={VOLUNTEER_INTERESTS} />
        <RadioGroup form={form} name="availability" legend={t('form.availability')} options={AVAILABILITY_OPTIONS} />
        <TextField form={form} name="experience" label={t('form.experience')} rows={5} />
        <TextField form={form} name="motivation" label={t('form.motivation')} rows={5} />
      </SubmissionFormShell>
    </FormPage>
  );
}
