/** /forgot-password: asks for a link to choose a new password. Every address gets the same answer. */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { FOUNDATION } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { passwordForgotInput } from '../../../shared/schemas/password-reset';
import { useSchemaForm } from '../../components/form/schema-form';
import { TextField } from '../../components/form/text-field';
import { readServerError } from '../../lib/server-error';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from './lib/use-page-title';
import './admin.css';

export default function ForgotPasswordPage() {
  usePageTitle(t('passwordReset.forgot.title'));
  const ask = trpc.auth.forgotPassword.useMutation();
  const form = useSchemaForm(passwordForgotInput);
  const [answer, setAnswer] = useState('');
  const [formError, setFormError] = useState('');
  const errorId = useId();

  const submit = form.methods.handleSubmit(async (input) => {
    if (ask.isPending) return;
    setFormError('');
    try {
      setAnswer((await ask.mutateAsync(input)).message);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      else setFormError(refused.message ?? t('login.networkError'));
    }
  });

  return (
    <main className="admin-login">
      <form
        className="admin-card admin-login__card"
        onSubmit={submit}
        noValidate
        aria-describedby={formError ? errorId : undefined}
      >
        <p className="admin-login__brand">{FOUNDATION.name}</p>
        <h1 className="admin-page__title">{t('passwordReset.forgot.title')}</h1>
        {answer ? (
          <p className="alert alert--inline alert--success" role="status">
            {answer}
          </p>
        ) : (
          <>
            <p className="admin-muted">{t('passwordReset.forgot.intro')}</p>
            {formError && (
              <p id={errorId} className="alert alert--inline alert--danger" role="alert">
                {formError}
              </p>
            )}
            <TextField form={form} name="email" label={t('admin.login.email')} type="email" autoComplete="username" />
            <button
              type="submit"
              className="btn btn--staff btn--dark admin-login__submit"
              disabled={ask.isPending}
              aria-busy={ask.isPending}
            >
              {ask.isPending ? t('passwordReset.forgot.submitting') : t('passwordReset.forgot.submit')}
            </button>
          </>
        )}
        <Link to="/login" className="admin-link">
          {t('passwordReset.backToSignIn')}
        </Link>
      </form>
    </main>
  );
}
