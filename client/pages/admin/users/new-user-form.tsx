/** Adding a staff member: email, name and role; the server makes the one-time password. */
import { useState } from 'react';
import { t } from '../../../../shared/messages';
import { ROLES, type Role } from '../../../../shared/roles';
import { userCreateInput } from '../../../../shared/schemas/staff';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { UserPlus } from '../../../components/icons/user-plus';
import { readServerError } from '../../../lib/server-error';
import { trpc } from '../../../lib/trpc';

export function NewUserForm({
  onCreated,
}: {
  onCreated: (created: { email: string; password: string; invitationMailed: boolean }) => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.users.create.useMutation();
  const form = useSchemaForm(userCreateInput);
  const [formError, setFormError] = useState('');

  const submit = form.methods.handleSubmit(async (values) => {
    setFormError('');
    try {
      const result = await create.mutateAsync(values);
      form.methods.reset();
      await utils.users.list.invalidate();
      onCreated({ email: result.user.email, password: result.password, invitationMailed: result.invitationMailed });
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return;
      if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      setFormError(refused.message ?? t('admin.users.createFailed'));
    }
  });

  return (
    <form className="admin-card admin-form" onSubmit={submit} noValidate aria-labelledby="new-user-title">
      <h2 id="new-user-title" className="admin-section-title">
        <UserPlus aria-hidden="true" size={20} /> {t('admin.users.newTitle')}
      </h2>
      {formError && (
        <p className="alert alert--inline alert--danger" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-form__grid">
        <TextField form={form} name="name" label={t('admin.users.name')} autoComplete="off" />
        <TextField form={form} name="email" label={t('admin.users.email')} type="email" autoComplete="off" />
        <SelectField
          form={form}
          name="role"
          label={t('admin.users.role')}
          options={ROLES}
          labelOf={(role) => t(`admin.role.${role as Role}`)}
          hint={t('admin.users.roleHint')}
        />
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--staff btn--dark" disabled={create.isPending}>
          {create.isPending ? t('admin.users.creating') : t('admin.users.create')}
        </button>
      </div>
    </form>
  );
}
