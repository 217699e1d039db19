/** Changing one's own password: the current one, the new one twice. The other sessions end. */
import { useState } from 'react';
import { t } from '../../../../shared/messages';
import { MIN_PASSWORD_LENGTH, passwordChangeForm } from '../../../../shared/schemas/staff';
import { useSchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { KeyRound } from '../../../components/icons/key-round';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';

export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation();
  const form = useSchemaForm(passwordChangeForm);
  const [formError, setFormError] = useState('');

  const submit = form.methods.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError('');
    try {
      const result = await change.mutateAsync({ currentPassword, newPassword });
      toast.success(result.message);
      form.methods.reset();
      await Promise.all([utils.auth.verify.invalidate(), utils.auth.signIns.invalidate()]);
      onChanged?.();
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return;
      if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      else setFormError(refused.message ?? t('admin.account.changeFailed'));
    }
  });

  return (
    <form className="admin-card admin-form admin-form--narrow" onSubmit={submit} noValidate>
      <h2 className="admin-section-title">
        <KeyRound aria-hidden="true" size={20} /> {t('admin.account.passwordTitle')}
      </h2>
      {formError && (
        <p className="alert alert--inline alert--danger" role="alert">
          {formError}
        </p>
      )}
      <TextField
        form={form}
        name="currentPassword"
        label={t('admin.account.current')}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        form={form}
        name="newPassword"
        label={t('admin.account.new')}
        hint={t('admin.account.newHint', { min: MIN_PASSWORD_LENGTH })}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirmPassword"
        label={t('admin.account.confirm')}
        type="password"
        autoComplete="new-password"
      />
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--staff btn--dark" disabled={change.isPending}>
          {change.isPending ? t('admin.account.saving') : t('admin.account.save')}
        </button>
      </div>
    </form>
  );
}
