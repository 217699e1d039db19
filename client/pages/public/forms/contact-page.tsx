import { FOUNDATION } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { contactInput } from '../../../../shared/schemas/submissions';
import { FormPage } from '../../../components/form/form-page';
import { SubmissionFormShell } from '../../../components/form/submission-form-shell';
import { TextField } from '../../../components/form/text-field';
import { useSubmissionForm } from '../../../components/form/use-submission-form';
import { Clock } from '../../../components/icons/clock';
import { Mail } from '../../../components/icons/mail';
import { MapPin } from '../../../components/icons/map-pin';
import { Phone } from '../../../components/icons/phone';
import { useSiteQuery } from '../../../lib/site-data';
import { useSiteMutation } from '../../../lib/site-mutations';

/** The foundation's contact details as staff set them (rendered with the page on the server). */
function ContactDetails() {
  const settings = useSiteQuery('settings.public', undefined, { staleTime: Number.POSITIVE_INFINITY });
  const contact = settings.data?.contact ?? {
    email: FOUNDATION.email,
    phone: FOUNDATION.phone,
    address: FOUNDATION.address,
  };
  return (
    <ul className="contact-details">
      <li>
        <Mail aria-hidden="true" size={20} />
        <span>
          <strong>{t('contactForm.emailUs')}</strong>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </span>
      </li>
      <li>
        <Phone aria-hidden="true" size={20} />
        <span>
          <strong>{t('contactForm.callUs')}</strong>
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
        </span>
      </li>
      <li>
        <MapPin aria-hidden="true" size={20} />
        <span>
          <strong>{t('contactForm.office')}</strong>
          {contact.address}
        </span>
      </li>
      <li>
        <Clock aria-hidden="true" size={20} />
        <span>
          <strong>{t('contactForm.hours')}</strong>
          {t('contactForm.hoursText')}
        </span>
      </li>
    </ul>
  );
}

export function ContactPage() {
  const mutation = useSiteMutation('submission.contact.create');
  const form = useSubmissionForm(contactInput, {
    kind: 'contact',
    submit: mutation.mutateAsync,
    successMessage: t('contact.success'),
    failureTitle: t('contact.failed'),
    failureFallback: t('contact.fallback'),
    redirectTo: '/',
  });
  return (
    <FormPage title={t('contactForm.title')} lead={t('contactForm.lead')} aside={<ContactDetails />}>
      <SubmissionFormShell form={form} label={t('contactForm.title')} submitLabel={t('contactForm.submit')}>
        <TextField form={form} name="name" label={t('form.name')} autoComplete="name" />
        <div className="field-row">
          <TextField form={form} name="email" type="email" label={t('form.email')} autoComplete="email" />
          <TextField form={form} name="phone" type="tel" label={t('form.phone')} autoComplete="tel" />
        </div>
        <TextField form={form} name="subject" label={t('form.subject')} />
        <TextField form={form} name="message" label={t('form.message')} rows={5} />
      </SubmissionFormShell>
    </FormPage>
  );
}
