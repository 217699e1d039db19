import { ORGANIZATION_TYPES, PARTNERSHIP_TYPES, PROJECT_INTERESTS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { partnerInput } from '../../../../shared/schemas/submissions';
import { CheckboxGroup } from '../../../components/form/choice-group';
import { ContactRows } from '../../../components/form/contact-rows';
import { FormPage } from '../../../components/form/form-page';
import { NextSteps } from '../../../components/form/next-steps';
import { SelectField } from '../../../components/form/select-field';
import { SubmissionFormShell } from '../../../components/form/submission-form-shell';
import { TextField } from '../../../components/form/text-field';
import { applicationTexts, useSubmissionForm } from '../../../components/form/use-submission-form';
import { useSiteMutation } from '../../../lib/site-mutations';

export function PartnerFormPage() {
  const mutation = useSiteMutation('submission.partner.create');
  const form = useSubmissionForm(partnerInput, {
    kind: 'partner',
    submit: mutation.mutateAsync,
    ...applicationTexts(),
    redirectTo: '/partner-success',
  });
  return (
    <FormPage title={t('partnerForm.title')} lead={t('partnerForm.lead')} aside={<NextSteps />}>
      <SubmissionFormShell form={form} label={t('partnerForm.title')} submitLabel={t('form.submitApplication')}>
        <TextField form={form} name="organizationName" label={t('form.organizationName')} autoComplete="organization" />
        <SelectField
          form={form}
          name="organizationType"
          label={t('form.organizationType')}
          options={ORGANIZATION_TYPES}
        />
        <ContactRows
          form={form}
          contactPerson
          names={{ firstName: 'contactFirstName', lastName: 'contactLastName', email: 'email', phone: 'phone' }}
        />
        <CheckboxGroup
          form={form}
          name="partnershipType"
          legend={t('form.partnershipType')}
          options={PARTNERSHIP_TYPES}
        />
        <CheckboxGroup
          form={form}
          name="projectInterests"
          legend={t('form.projectInterests')}
          options={PROJECT_INTERESTS}
        />
        <TextField form={form} name="resourceContribution" label={t('form.resourceContribution')} rows={5} />
        <TextField form={form} name="message" label={t('form.message')} rows={5} />
      </SubmissionFormShell>
    </FormPage>
  );
}
