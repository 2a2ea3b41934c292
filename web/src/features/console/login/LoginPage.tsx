import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Landing } from '../components/Landing';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { toastFailure } from '../../../lib/mutation';
import { landingPath, useLoginMutation, useSession } from '../hooks/useSession';

/** /admin/login: e-mail and password, both required. */
export default function LoginPage() {
  const { t } = useTranslation('console');
  const status = useSession((s) => s.status);
  const pages = useSession((s) => s.pages);
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const busy = login.isPending;
  const [error, setError] = useState('');

  // Signed in (now, or before coming here): the user's landing page.
  if (status === 'signed-in' && !busy) return <Landing fallback={landingPath(pages)} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    setError('');
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => toast.success(t('login.success')),
        onError: (err) => {
          const invalid = err instanceof ApiError && (err.code === 'invalid_credentials' || err.status === 401 || err.status === 403);
          setError(toastFailure(() => (invalid ? t('login.invalid') : t('login.failed')))(err));
        },
      },
    );
  };

  return (
    <main className="login">
      <div className="login__lang">
        <LanguageSwitcher />
      </div>
      <form className="login__card" onSubmit={submit} noValidate={false}>
        <h1>{t('login.title')}</h1>
        <p className="login__subtitle">{t('login.subtitle')}</p>
        <label className="field">
          <span>{t('login.email')}</span>
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t('login.signingIn') : t('login.submit')}
        </button>
      </form>
    </main>
  );
}
