/** /login (SPEC sections 2, 4 and 8): re-checks the stored token on open, signs in, returns where wanted. */
import { LogIn } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { FOUNDATION } from '../../../shared/constants';
import { t } from '../../../shared/messages';
import { loginInput } from '../../../shared/schemas/auth';
import { errorsByField } from '../../../shared/schemas/fields';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { Spinner } from './components/spinner';
import { TextField } from './components/text-field';
import { serverAnswered, serverMessage } from './lib/errors';
import { returnPath } from './lib/return-path';
import { usePageTitle } from './lib/use-page-title';
import './admin.css';

export default function LoginPage() {
  usePageTitle(t('admin.login.title'));
  const auth = useAuth();
  const location = useLocation();
  const login = trpc.auth.login.useMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [checking, setChecking] = useState(true);
  const errorId = useId();
  const target = returnPath(location.state);
  const { recheck } = auth;

  useEffect(() => {
    void recheck().finally(() => setChecking(false));
  }, [recheck]);

  if (auth.isAuthenticated) return <Navigate to={target} replace />;
  if (checking || auth.isLoading) return <Spinner />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    setFormError('');
    const parsed = loginInput.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(errorsByField(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    try {
      const result = await login.mutateAsync(parsed.data);
      // Signing in re-renders this page as authenticated, which redirects to the target.
      auth.login(result.token);
    } catch (error) {
      setFormError(serverAnswered(error) ? serverMessage(error, t('login.invalid')) : t('login.networkError'));
    }
  };

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
          <p id={errorId} className="admin-alert admin-alert--error" role="alert">
            {formError}
          </p>
        )}
        <TextField
          label={t('admin.login.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
          required
        />
        <TextField
          label={t('admin.login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          required
        />
        <button
          type="submit"
          className="admin-btn admin-btn--primary admin-login__submit"
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
