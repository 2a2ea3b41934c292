import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { toast } from '../../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import { formatDateTime } from '../../lib/time';
import {
  calendarQueries,
  useNewFeedMutation,
  useRevokeFeedMutation,
  useSetCalendarSourceMutation,
  type CalendarSourceInput,
  type ConsultantCalendar,
  type FeedLink,
} from '../api/calendar';

/**
 * The profile's "My calendar", for a user who is a consultant: the private feed their own
 * calendar subscribes to, and the calendar whose busy times block their slots. Nothing
 * shows for a user who is not a consultant.
 */
export function MyCalendarCard({ userId }: { userId: string }) {
  const { t } = useTranslation('console');
  const status = useQuery(calendarQueries.status(userId));
  if (status.data === null) return null;

  return (
    <section className="card my-calendar" aria-labelledby="profile-calendar-title">
      <h2 id="profile-calendar-title">{t('myCalendar.title')}</h2>
      <p className="muted">{t('myCalendar.intro')}</p>
      {status.error && !status.data ? (
        <ErrorState error={status.error} title={t('myCalendar.fetchFailed')} onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <Skeleton rows={4} />
      ) : (
        <>
          <FeedOut userId={userId} calendar={status.data} />
          <CalendarIn userId={userId} calendar={status.data} />
        </>
      )}
    </section>
  );
}

/** The private feed: made or revoked here; its address is shown once, as it is made. */
function FeedOut({ userId, calendar }: { userId: string; calendar: ConsultantCalendar }) {
  const { t } = useTranslation('console');
  const make = useNewFeedMutation(userId);
  const revoke = useRevokeFeedMutation(userId);
  const [link, setLink] = useState<FeedLink | null>(null);
  const busy = make.isPending || revoke.isPending;

  const create = () =>
    make.mutate(undefined, {
      onSuccess: (made) => {
        setLink(made);
        toast.success(t('myCalendar.feed.made'));
      },
      onError: toastFailure(() => t('myCalendar.feed.failed')),
    });
  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        toast.success(t('myCalendar.feed.revoked'));
      },
      onError: toastFailure(() => t('myCalendar.feed.failed')),
    });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('myCalendar.feed.copied'));
    } catch {
      toast.error(t('myCalendar.feed.copyFailed'));
    }
  };

  return (
    <div className="my-calendar__part" role="group" aria-labelledby="profile-calendar-feed">
      <h3 id="profile-calendar-feed">{t('myCalendar.feed.title')}</h3>
      <p className="muted">{t('myCalendar.feed.intro')}</p>
      <p>{calendar.feed || link ? t('myCalendar.feed.on') : t('myCalendar.feed.off')}</p>
      {link && (
        <div className="my-calendar__link">
          <p>
            <a href={link.webcal_url}>{t('myCalendar.feed.subscribe')}</a>
          </p>
          <label className="field field--wide">
            <span>{t('myCalendar.feed.address')}</span>
            <input type="text" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="btn" onClick={() => void copy(link.url)}>
            {t('myCalendar.feed.copy')}
          </button>
          <p className="field__hint">{t('myCalendar.feed.once')}</p>
        </div>
      )}
      <div className="my-calendar__actions">
        <button type="button" className="btn btn--primary" onClick={create} disabled={busy}>
          {calendar.feed || link ? t('myCalendar.feed.renew') : t('myCalendar.feed.make')}
        </button>
        {(calendar.feed || link) && (
          <button type="button" className="btn" onClick={end} disabled={busy}>
            {t('myCalendar.feed.revoke')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The calendar read in: its address, and how its reads went. */
function CalendarIn({ userId, calendar }: { userId: string; calendar: ConsultantCalendar }) {
  const { t, i18n } = useTranslation('console');
  const save = useSetCalendarSourceMutation(userId);
  const [kind, setKind] = useState(calendar.source_kind || 'ics');
  const [url, setUrl] = useState(calendar.source_url);
  const [username, setUsername] = useState(calendar.source_username);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lang = i18n.language;

  const send = (input: CalendarSourceInput, done: string) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        setErrors({});
        setPassword('');
        setUrl(saved.source_url);
        setUsername(saved.source_username);
        toast.success(done);
      },
      onError: (err) => {
        setErrors(fieldErrorsOf(err));
        toastFailure(() => t('myCalendar.source.failed'))(err);
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ source_kind: kind, source_url: url, source_username: username, source_password: password }, t('myCalendar.source.saved'));
  };
  const remove = () =>
    send({ source_kind: '', source_url: '', source_username: '', source_password: '' }, t('myCalendar.source.removed'));

  return (
    <div className="my-calendar__part" role="group" aria-labelledby="profile-calendar-source">
      <h3 id="profile-calendar-source">{t('myCalendar.source.title')}</h3>
      <p className="muted">{t('myCalendar.source.intro')}</p>
      <form className="form-grid" onSubmit={submit} noValidate>
        <label className="field">
          <span>{t('myCalendar.source.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value === 'caldav' ? 'caldav' : 'ics')}>
            <option value="ics">{t('myCalendar.source.ics')}</option>
            <option value="caldav">{t('myCalendar.source.caldav')}</option>
          </select>
        </label>
        <label className="field field--wide">
          <span>{t('myCalendar.source.url')}</span>
          <input
            type="url"
            dir="ltr"
            value={url}
            maxLength={2000}
            placeholder="https://"
            aria-invalid={!!errors.source_url}
            aria-describedby="profile-calendar-url-hint"
            onChange={(e) => setUrl(e.target.value)}
          />
          <span id="profile-calendar-url-hint" className="field__hint">
            {kind === 'caldav' ? t('myCalendar.source.caldavHint') : t('myCalendar.source.icsHint')}
          </span>
          {errors.source_url && (
            <span className="field__error" role="alert">
              {errors.source_url}
            </span>
          )}
        </label>
        <label className="field">
          <span>{t('myCalendar.source.username')}</span>
          <input
            type="text"
            dir="ltr"
            autoComplete="off"
            value={username}
            maxLength={200}
            aria-invalid={!!errors.source_username}
            onChange={(e) => setUsername(e.target.value)}
          />
          {errors.source_username && <span className="field__error">{errors.source_username}</span>}
        </label>
        <label className="field">
          <span>{t('myCalendar.source.password')}</span>
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={500}
            placeholder={calendar.source_url ? t('myCalendar.source.passwordKept') : ''}
            aria-invalid={!!errors.source_password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {errors.source_password && <span className="field__error">{errors.source_password}</span>}
        </label>
        <div className="field--wide my-calendar__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !url.trim()}>
            {save.isPending ? t('myCalendar.source.reading') : t('myCalendar.source.save')}
          </button>
          {calendar.source_url && (
            <button type="button" className="btn" onClick={remove} disabled={save.isPending}>
              {t('myCalendar.source.remove')}
            </button>
          )}
        </div>
      </form>
      {calendar.source_url && (
        <dl className="my-calendar__status" aria-live="polite">
          <dt>{t('myCalendar.status.lastOk')}</dt>
          <dd>{calendar.last_ok_at ? formatDateTime(lang, calendar.last_ok_at) : t('myCalendar.status.never')}</dd>
          <dt>{t('myCalendar.status.lastRead')}</dt>
          <dd>{calendar.last_read_at ? formatDateTime(lang, calendar.last_read_at) : t('myCalendar.status.never')}</dd>
          <dt>{t('myCalendar.status.busy')}</dt>
          <dd>{t('myCalendar.status.busyCount', { count: calendar.busy_count })}</dd>
          {calendar.last_error && (
            <>
              <dt>{t('myCalendar.status.error')}</dt>
              <dd className="field__error" role="status">
                {calendar.last_error} {t('myCalendar.status.kept')}
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
