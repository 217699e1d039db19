import { t } from '../../../../shared/messages';
import { newsletterInput } from '../../../../shared/schemas/submissions';
import { SubmissionFormShell } from '../../../components/form/submission-form-shell';
import { TextField } from '../../../components/form/text-field';
import { useSubmissionForm } from '../../../components/form/use-submission-form';
import { useSiteMutation } from '../../../lib/site-mutations';
import { useToast } from '../../../lib/toasts';

/**
 * Email sign-up: on success a box asks the visitor to confirm from their inbox (double opt-in) for
 * SUCCESS_DELAY_MS, and the form is ready again.
 */
export default function NewsletterSignup() {
  const mutation = useSiteMutation('submission.newsletter.create');
  const toast = useToast();
  const form = useSubmissionForm(newsletterInput, {
    kind: 'newsletter',
    submit: mutation.mutateAsync,
    successMessage: t('newsletter.checkInbox'),
    failureFallback: t('newsletter.fallback'),
    onSuccess: () => toast.success(t('newsletter.checkInboxShort')),
  });
  return (
    <div className="newsletter__form">
      <SubmissionFormShell
        form={form}
        label={t('home.newsletterTitle')}
        submitLabel={t('home.newsletterSubmit')}
        requiredNote={false}
      >
        <TextField form={form} name="email" type="email" label={t('home.newsletterEmail')} autoComplete="email" />
      </SubmissionFormShell>
    </div>
  );
}
