import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../lib/mutation';
import { useDisplayNameMutation, useSession } from '../hooks/useSession';
import { consultantQueries } from '../api/consultants';
import { AlertsCard } from './components/AlertsCard';
import { MyCalendarCard } from './components/MyCalendarCard';

/**
 * /admin/profile: the signed-in member's own details, the name visitors see in the chat,
 * their calendars when they are a consultant, and their alerts outside the console.
 */
export default function ProfilePage() {
  const { t } = useTranslation('console');
  const user = useSession((s) => s.user);
  // Only a consultant has calendars: the card asks for them once the list says so.
  const consultants = useQuery(consultantQueries.list());
  const save = useDisplayNameMutation();
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState('');
  const busy = save.isPending;
  const name = edited ?? user?.display_name ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name, {
      onSuccess: () => {
        setEdited(null);
        setError('');
        toast.success(t('profile.saved'));
      },
      onError: (err) => {
        setError(fieldErrorsOf(err).display_name ?? '');
        toastFailure(() => t('profile.failed'))(err);
      },
    });
  };

  return (
    <section className="page" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <form className="card form-grid" onSubmit={submit} noValidate>
        <p className="field field--wide">
          <span>{t('profile.email')}</span>
          <span>{user?.email}</span>
        </p>
        <p className="field field--wide">
          <span>{t('profile.role')}</span>
          <span>{t(`role.${user?.role ?? 'editor'}`, { defaultValue: user?.role })}</span>
        </p>
        <label className="field field--wide">
          <span>{t('profile.displayName')}</span>
          <input
            type="text"
            value={name}
            maxLength={40}
            aria-invalid={!!error}
            aria-describedby="profile-display-name-hint"
            onChange={(e) => setEdited(e.target.value)}
          />
          <span id="profile-display-name-hint" className="field__hint">
            {t('profile.displayNameHint')}
          </span>
          {error && <span className="field__error">{error}</span>}
        </label>
        <div className="field--wide">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('action.save')}
          </button>
        </div>
      </form>
      {user && consultants.data?.some((c) => c.user_id === user.id) && <MyCalendarCard userId={user.id} />}
      <AlertsCard />
    </section>
  );
}
