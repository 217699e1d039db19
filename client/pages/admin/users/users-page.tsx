/**
 * /admin/users (admins): the staff with role, status and last sign-in; add one, change a role,
 * disable or re-enable, reset a password. One-time passwords are shown once, here.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { ROLES, type Role } from '../../../../shared/roles';
import { KeyRound } from '../../../components/icons/key-round';
import { UserCheck } from '../../../components/icons/user-check';
import { UserX } from '../../../components/icons/user-x';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { useMe } from '../lib/use-me';
import { NewUserForm } from './new-user-form';
import { OneTimePassword } from './one-time-password';

type Account = RouterOutputs['users']['list']['users'][number];

export function UsersPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const me = useMe();
  const users = trpc.users.list.useQuery();
  const update = trpc.users.update.useMutation();
  const reset = trpc.users.resetPassword.useMutation();
  const [secret, setSecret] = useState<{ email: string; password: string; invitationMailed?: boolean } | null>(null);
  const [toReset, setToReset] = useState<Account | null>(null);

  const failed = (error: unknown, fallback: string) => {
    const refused = readServerError(error);
    if (refused.status !== 401) toast.error(refused.message ?? fallback);
  };

  const change = async (user: Account, data: { role?: Role; disabled?: boolean }) => {
    try {
      const result = await update.mutateAsync({ id: user.id, data });
      toast.success(result.message);
    } catch (error) {
      failed(error, t('admin.users.updateFailed'));
    }
    await Promise.all([utils.users.list.invalidate(), utils.auth.verify.invalidate()]);
  };

  const confirmReset = async () => {
    if (!toReset) return;
    try {
      const result = await reset.mutateAsync({ id: toReset.id });
      setSecret({ email: result.user.email, password: result.password });
      await utils.users.list.invalidate();
    } catch (error) {
      failed(error, t('admin.users.resetFailed'));
    } finally {
      setToReset(null);
    }
  };

  const busy = (id: string) =>
    (update.isPending && update.variables?.id === id) || (reset.isPending && reset.variables?.id === id);

  return (
    <AdminPage title={t('admin.users.title')}>
      {secret ? <OneTimePassword {...secret} onDone={() => setSecret(null)} /> : <NewUserForm onCreated={setSecret} />}
      {users.isPending && <Spinner />}
      {users.isError && <LoadError message={t('admin.users.loadFailed')} onRetry={() => void users.refetch()} />}
      {users.data && (
        <div className="admin-card table-wrap">
          <table className="table table--people">
            <caption className="visually-hidden">{t('admin.users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.users.person')}</th>
                <th scope="col">{t('admin.users.role')}</th>
                <th scope="col">{t('admin.users.status')}</th>
                <th scope="col">{t('admin.users.lastSignIn')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => {
                const who = user.name || user.email;
                const isMe = user.id === me.data?.id;
                // Demoting or disabling oneself would shut one out of this very page: another admin does it.
                const selfNote = isMe ? `self-note-${user.id}` : undefined;
                return (
                  <tr key={user.id}>
                    <th scope="row" className="table__title">
                      {user.name && <span className="admin-user__name">{user.name}</span>}
                      <span className="admin-muted admin-user__email">{user.email}</span>
                      {isMe && <span className="badge">{t('admin.users.you')}</span>}
                    </th>
                    <td data-label={t('admin.users.role')}>
                      <span className="admin-user__role">
                        <select
                          className="field__control field__control--select field__control--small"
                          aria-label={t('admin.users.roleOf', { name: who })}
                          aria-describedby={selfNote}
                          value={user.role}
                          disabled={isMe || busy(user.id)}
                          onChange={(event) => void change(user, { role: event.target.value as Role })}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`admin.role.${role}`)}
                            </option>
                          ))}
                        </select>
                        {selfNote && (
                          <span id={selfNote} className="admin-muted admin-user__note admin-user__self">
                            {t('admin.users.selfNote')}
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('admin.users.status')}>
                      <span className="admin-user__status">
                        <span className={`badge ${user.status === 'active' ? 'badge--success' : 'badge--danger'}`}>
                          {t(`admin.users.status.${user.status}`)}
                        </span>
                        {user.mustChangePassword && (
                          <span className="admin-muted admin-user__note">{t('admin.users.oneTimePending')}</span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('admin.users.lastSignIn')}>
                      {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('admin.users.never')}
                    </td>
                    <td className="table__actions">
                      <button
                        type="button"
                        className="btn btn--staff btn--secondary btn--small"
                        disabled={busy(user.id)}
                        aria-label={t('admin.users.resetLabel', { name: who })}
                        onClick={() => setToReset(user)}
                      >
                        <KeyRound aria-hidden="true" size={16} />
                        {t('admin.users.reset')}
                      </button>
                      {user.status === 'active' ? (
                        <button
                          type="button"
                          className="btn btn--staff btn--danger-ghost btn--small"
                          disabled={isMe || busy(user.id)}
                          aria-label={t('admin.users.disableLabel', { name: who })}
                          aria-describedby={selfNote}
                          onClick={() => void change(user, { disabled: true })}
                        >
                          <UserX aria-hidden="true" size={16} />
                          {t('admin.users.disable')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn--staff btn--secondary btn--small"
                          disabled={busy(user.id)}
                          aria-label={t('admin.users.enableLabel', { name: who })}
                          onClick={() => void change(user, { disabled: false })}
                        >
                          <UserCheck aria-hidden="true" size={16} />
                          {t('admin.users.enable')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={toReset !== null}
        title={t('admin.users.resetTitle')}
        message={toReset ? t('admin.users.resetConfirm', { name: toReset.name || toReset.email }) : ''}
        confirmLabel={reset.isPending ? t('admin.users.resetting') : t('admin.users.reset')}
        cancelLabel={t('admin.submissions.cancel')}
        busy={reset.isPending}
        onConfirm={() => void confirmReset()}
        onCancel={() => setToReset(null)}
      />
    </AdminPage>
  );
}
