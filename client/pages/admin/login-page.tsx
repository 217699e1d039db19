/** /login: re-checks the stored token on open, signs in, returns where wanted. */
import { useEffect, useId, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { FOUNDATION } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { loginInput } from '../../../shared/schemas/auth';
import { useSchemaForm } from '../../components/form/schema-form';
import { TextField } from '../../components/form/text-field';
import { LogIn } from '../../components/icons/log-in';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth';
import { readServerError } from '../../lib/server-error';
import { trpc } from '../../lib/trpc';
import { returnPath } from './lib/return-path';
import { usePageTitle } from './lib/use-page-title';
import './admin.css';

export default function LoginPage() {
  usePageTitle(t('admin.login.title'));
  const auth = useAuth();
  const login = trpc.auth.login.useMutation();
  const form = useSchemaForm(loginInput);
  const [formError, setFormError] = useState('');
  const [checking, setChecking] = useState(true);
  const errorId = useId();
  const target = returnPath(useHistoryState());
  const { recheck } = auth;

  useEffect(() => {
    void recheck().finally(() => setChecking(false));
  }, [recheck]);

  if (auth.isAuthenticated) return <Redirect to={target} replace />;
  if (checking || auth.isLoading) return <Spinner />;

  const submit = form.methods.handleSubmit(async (credentials) => {
    if (login.isPending) return;
    setFormError('');
    try {
      const result = await login.mutateAsync(credentials);
      // Signing in re-renders this page as authenticated, which redirects to the target.
      auth.login(result.token);
    } catch (error) {
      const { status, message } = readServerError(error);
      setFormError(status === undefined ? t('login.networkError') : (message ?? t('login.invalid')));
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
        <h1 className="admin-page__title">{t('admin.login.title')}</h1>
        <p className="admin-muted">{t('admin.login.intro')}</p>
        {formError && (
          <p id={errorId} className="alert alert--inline alert--danger" role="alert">
            {formError}
          </p>
        )}
        <TextField form={form} name="email" label={t('admin.login.email')} type="email" autoComplete="username" />
        <TextField
          form={form}
          name="password"
          label={t('admin.login.password')}
          type="password"
          autoComplete="current-password"
        />
        <Link to="/forgot-password" className="admin-link admin-login__forgot">
          {t('passwordReset.forgot.link')}
        </Link>
        <button
          type="submit"
          className="btn btn--staff btn--dark admin-login__submit"
          disabled={login.isPending}
          aria-busy={login.isPending}
        >
          <LogIn aria-hidden="true" size={18} />
          {login.isPending ? t('admin.login.submitting') : t('admin.login.submit')}
        </button>
        <Link to="/" className="admin-link">
          {t('admin.login.backToSite')}
        </Link>
      </form>
    </main>
  );
}
