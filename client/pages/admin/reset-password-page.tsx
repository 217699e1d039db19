/**
 * /reset-password?token=…: a new password from a mailed link, a reset's or an invitation's
 * (`invite=1` only changes the words). A link the server refuses is said plainly, with the way
 * to ask for another; the server sends this page with no Referer leaving it and no indexing.
 */
import { useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { FOUNDATION } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { passwordResetForm } from '../../../shared/schemas/password-reset';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/staff';
import { useSchemaForm } from '../../components/form/schema-form';
import { TextField } from '../../components/form/text-field';
import { readServerError } from '../../lib/server-error';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from './lib/use-page-title';
import './admin.css';

export default function ResetPasswordPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
  const title = invite ? t('passwordReset.page.inviteTitle') : t('passwordReset.page.title');
  usePageTitle(title);
  const save = trpc.auth.resetPassword.useMutation();
  const form = useSchemaForm(passwordResetForm);
  const [done, setDone] = useState('');
  const [linkError, setLinkError] = useState(token ? '' : t('passwordReset.linkInvalid'));
  const [formError, setFormError] = useState('');
  const errorId = useId();

  const submit = form.methods.handleSubmit(async ({ password }) => {
    if (save.isPending) return;
    setFormError('');
    try {
      setDone((await save.mutateAsync({ token, password })).message);
    } catch (error) {
      const refused = readServerError(error);
      const tokenError = refused.fieldErrors.find((issue) => issue.path === 'token');
      if (tokenError) setLinkError(tokenError.message);
      else if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      else
        setFormError(
          refused.status === undefined ? t('login.networkError') : (refused.message ?? t('passwordReset.page.failed')),
        );
    }
  });

  const outcome = done || linkError;
  return (
    <main className="admin-login">
      <form
        className="admin-card admin-login__card"
        onSubmit={submit}
        noValidate
        aria-describedby={formError ? errorId : undefined}
      >
        <p className="admin-login__brand">{FOUNDATION.name}</p>
        <h1 className="admin-page__title">{title}</h1>
        {outcome ? (
          <>
            <p className={`alert alert--inline ${done ? 'alert--success' : 'alert--danger'}`} role="status">
              {outcome}
            </p>
            {done ? (
              <Link to="/login" className="btn btn--staff btn--dark admin-login__submit">
                {t('passwordReset.page.signIn')}
              </Link>
            ) : (
              <Link to="/forgot-password" className="btn btn--staff btn--dark admin-login__submit">
                {t('passwordReset.page.askAgain')}
              </Link>
            )}
          </>
        ) : (
          <>
            <p className="admin-muted">
              {invite ? t('passwordReset.page.inviteIntro') : t('passwordReset.page.intro')}
            </p>
            {formError && (
              <p id={errorId} className="alert alert--inline alert--danger" role="alert">
                {formError}
              </p>
            )}
            <TextField
              form={form}
              name="password"
              label={t('admin.account.new')}
              hint={t('passwordReset.page.rules', { min: MIN_PASSWORD_LENGTH })}
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
            <button
              type="submit"
              className="btn btn--staff btn--dark admin-login__submit"
              disabled={save.isPending}
              aria-busy={save.isPending}
            >
              {save.isPending ? t('passwordReset.page.submitting') : t('passwordReset.page.submit')}
            </button>
          </>
        )}
        {!done && (
          <Link to="/login" className="admin-link">
            {t('passwordReset.backToSignIn')}
          </Link>
        )}
      </form>
    </main>
  );
}
