/**
 * One's own email alerts: for each kind the role receives, each one, a daily summary or none. A
 * kind the role does not receive is not shown, and its stored choice is sent back unchanged.
 */
import { useState } from 'react';
import { t } from '../../../../shared/messages';
import { can, type Role } from '../../../../shared/roles';
import { ALERT_CHOICES, type AlertSettings, alertSettings } from '../../../../shared/schemas/alerts';
import { RadioGroup } from '../../../components/form/choice-group';
import { useSchemaForm } from '../../../components/form/schema-form';
import { Mail } from '../../../components/icons/mail';
import { Save } from '../../../components/icons/save';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { LoadError } from '../components/load-error';
import { useMe } from '../lib/use-me';

function AlertChoices({ settings, role }: { settings: AlertSettings; role: Role }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.alerts.update.useMutation();
  const form = useSchemaForm(alertSettings, { defaultValues: settings, requiredMarks: false });
  const [formError, setFormError] = useState('');
  const submissions = can(role, 'submissions.review');
  const giving = can(role, 'donations.manage');

  const submit = form.methods.handleSubmit(async (values) => {
    setFormError('');
    try {
      const saved = await save.mutateAsync(values);
      form.methods.reset(saved);
      utils.alerts.get.setData(undefined, saved);
      toast.success(t('alerts.settings.saved'));
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return;
      if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      setFormError(refused.message ?? t('alerts.settings.saveFailed'));
    }
  });

  if (!submissions && !giving) return <p className="admin-muted">{t('alerts.settings.none')}</p>;
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      {formError && (
        <p className="alert alert--inline alert--danger" role="alert">
          {formError}
        </p>
      )}
      <p className="admin-muted">{t('alerts.settings.intro')}</p>
      {submissions && (
        <RadioGroup form={form} name="submissions" legend={t('alerts.settings.submissions')} options={ALERT_CHOICES} />
      )}
      {giving && <RadioGroup form={form} name="giving" legend={t('alerts.settings.giving')} options={ALERT_CHOICES} />}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--staff btn--dark" disabled={save.isPending}>
          <Save aria-hidden="true" size={18} />
          {save.isPending ? t('alerts.settings.saving') : t('alerts.settings.save')}
        </button>
      </div>
    </form>
  );
}

export function AlertsForm() {
  const me = useMe();
  const settings = trpc.alerts.get.useQuery();
  return (
    <section className="admin-card" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="admin-section-title">
        <Mail aria-hidden="true" size={20} /> {t('alerts.settings.title')}
      </h2>
      {(settings.isPending || me.isPending) && <Spinner />}
      {settings.isError && (
        <LoadError message={t('alerts.settings.loadFailed')} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && me.data && <AlertChoices settings={settings.data} role={me.data.role} />}
    </section>
  );
}
