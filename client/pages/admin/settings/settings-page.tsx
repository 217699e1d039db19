/**
 * /admin/settings: the foundation's bank account, contact details and CAC registration number
 * (printed on receipts), pledge expiry, how many working days confirming a transfer usually takes
 * (told on the pledge page), the welcome mail of approved applications, and online payment (on or
 * off, Paystack's fee rule). Admins edit
 * them (effective on the site at once); other roles read them.
 */
import { useState } from 'react';
import { NIGERIAN_BANKS } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { type Settings, settingsInput } from '../../../../shared/schemas/staff';
import { FieldHint } from '../../../components/form/field-parts';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Save } from '../../../components/icons/save';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { useCan } from '../lib/use-me';
import { BackupsSection } from './backups-section';
import { NumberField, type OnlinePaymentStatus, PaymentFeesFields, PaymentSettingsRows } from './payment-settings';

/** settings.get's answer: the settings, and whether online payment is on (never its key). */
type StaffSettings = Settings & { onlinePayment: OnlinePaymentStatus };

const FIELDS: [Exclude<keyof Settings, 'welcomeMail'>, Parameters<typeof t>[0]][] = [
  ['accountName', 'admin.settings.accountName'],
  ['accountNumber', 'admin.settings.accountNumber'],
  ['bankName', 'admin.settings.bankName'],
  ['contactEmail', 'admin.settings.contactEmail'],
  ['contactPhone', 'admin.settings.contactPhone'],
  ['contactAddress', 'admin.settings.contactAddress'],
  ['cacRcNumber', 'admin.settings.cacRcNumber'],
  ['pledgeExpiryDays', 'admin.settings.pledgeExpiryDays'],
  ['confirmWorkingDays', 'admin.settings.confirmWorkingDays'],
];

function SettingsView({ settings }: { settings: StaffSettings }) {
  return (
    <div className="admin-card">
      <p className="admin-muted">{t('admin.settings.readOnly')}</p>
      <dl className="admin-details">
        {FIELDS.map(([key, label]) => (
          <div key={key}>
            <dt>{t(label)}</dt>
            <dd>{String(settings[key]) || '—'}</dd>
          </div>
        ))}
        <div>
          <dt>{t('admin.settings.welcomeMail')}</dt>
          <dd>{t(settings.welcomeMail ? 'admin.settings.welcomeMailOn' : 'admin.settings.welcomeMailOff')}</dd>
        </div>
        <PaymentSettingsRows settings={settings} status={settings.onlinePayment} />
      </dl>
    </div>
  );
}

function SettingsForm({ settings }: { settings: StaffSettings }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.settings.update.useMutation();
  const form = useSchemaForm(settingsInput, { defaultValues: settings });
  const [formError, setFormError] = useState('');

  const submit = form.methods.handleSubmit(async (values) => {
    setFormError('');
    try {
      const result = await save.mutateAsync(values);
      const { onlinePayment: _status, ...saved } = result.settings;
      form.methods.reset(saved);
      utils.settings.get.setData(undefined, result.settings);
      await utils.settings.public.invalidate();
      toast.success(result.message);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return;
      if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      setFormError(refused.message ?? t('admin.settings.saveFailed'));
    }
  });

  return (
    <form className="admin-form admin-form--narrow" onSubmit={submit} noValidate>
      {formError && (
        <p className="alert alert--inline alert--danger" role="alert">
          {formError}
        </p>
      )}
      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.settings.bankTitle')}</legend>
        <p className="admin-muted">{t('admin.settings.bankHint')}</p>
        <TextField form={form} name="accountName" label={t('admin.settings.accountName')} />
        <TextField
          form={form}
          name="accountNumber"
          label={t('admin.settings.accountNumber')}
          hint={t('admin.settings.accountNumberHint')}
          inputMode="numeric"
          autoComplete="off"
        />
        <SelectField form={form} name="bankName" label={t('admin.settings.bankName')} options={NIGERIAN_BANKS} />
      </fieldset>
      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.settings.contactTitle')}</legend>
        <TextField form={form} name="contactEmail" label={t('admin.settings.contactEmail')} type="email" />
        <TextField form={form} name="contactPhone" label={t('admin.settings.contactPhone')} type="tel" />
        <TextField form={form} name="contactAddress" label={t('admin.settings.contactAddress')} rows={2} />
        <TextField
          form={form}
          name="cacRcNumber"
          label={t('admin.settings.cacRcNumber')}
          hint={t('admin.settings.cacRcNumberHint')}
          autoComplete="off"
        />
      </fieldset>
      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.settings.givingTitle')}</legend>
        <TextField
          form={form}
          name="pledgeExpiryDays"
          label={t('admin.settings.pledgeExpiryDays')}
          hint={t('admin.settings.pledgeExpiryHint')}
          inputMode="numeric"
        />
        <NumberField
          form={form}
          name="confirmWorkingDays"
          label={t('admin.settings.confirmWorkingDays')}
          hint={t('admin.settings.confirmWorkingDaysHint')}
          inputMode="numeric"
        />
      </fieldset>
      <fieldset className="admin-card admin-form__section">
        <legend className="admin-section-title">{t('admin.settings.mailTitle')}</legend>
        <div className="choice">
          <input
            id={form.fieldId('welcomeMail')}
            type="checkbox"
            aria-describedby={`${form.fieldId('welcomeMail')}-hint`}
            {...form.methods.register('welcomeMail')}
          />
          <label htmlFor={form.fieldId('welcomeMail')}>{t('admin.settings.welcomeMail')}</label>
        </div>
        <FieldHint id={`${form.fieldId('welcomeMail')}-hint`}>{t('admin.settings.welcomeMailHint')}</FieldHint>
      </fieldset>
      <PaymentFeesFields form={form} status={settings.onlinePayment} />
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--staff btn--dark" disabled={save.isPending}>
          <Save aria-hidden="true" size={18} />
          {save.isPending ? t('admin.settings.saving') : t('admin.settings.save')}
        </button>
      </div>
    </form>
  );
}

export function SettingsPage() {
  const settings = trpc.settings.get.useQuery();
  const canEdit = useCan('settings.write');
  return (
    <AdminPage title={t('admin.settings.title')}>
      {settings.isPending && <Spinner />}
      {settings.isError && (
        <LoadError message={t('admin.settings.loadFailed')} onRetry={() => void settings.refetch()} />
      )}
      {settings.data &&
        (canEdit ? <SettingsForm settings={settings.data} /> : <SettingsView settings={settings.data} />)}
      {canEdit && <BackupsSection />}
    </AdminPage>
  );
}
