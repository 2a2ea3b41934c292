import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/ui/toast';
import { SUPPORTED_LANGUAGES } from '../../../../lib/i18n';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import type { AlertChoice, AlertPreferences } from '../api/alerts';
import { useSaveMyAlertsMutation } from '../api/alerts';

/** How an event may reach a user, in the order offered. */
const CHANNELS = ['push', 'email', 'none'] as const satisfies readonly AlertChoice['channel'][];

/**
 * The user's choices: for each event they may hear of, push, e-mail or nothing, and
 * whether also outside office hours; and the language alerts are written in. Only what
 * the user changed is sent: an event left alone keeps following its role's default.
 */
export function AlertChoices({ preferences }: { preferences: AlertPreferences }) {
  const { t } = useTranslation('console');
  const save = useSaveMyAlertsMutation();
  const [edited, setEdited] = useState<Record<string, AlertChoice>>({});
  const [language, setLanguage] = useState<AlertPreferences['language'] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = Object.keys(edited).length > 0 || (language !== null && language !== preferences.language);

  const choiceOf = (stored: AlertChoice) => edited[stored.event] ?? stored;
  const edit = (stored: AlertChoice, patch: Partial<AlertChoice>) =>
    setEdited((all) => ({ ...all, [stored.event]: { ...choiceOf(stored), ...patch, default: false } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choices = Object.values(edited).map(({ event: name, channel, outside_hours }) => ({ event: name, channel, outside_hours }));
    save.mutate(
      { language: language ?? preferences.language, choices },
      {
        onSuccess: () => {
          setEdited({});
          setLanguage(null);
          setErrors({});
          toast.success(t('alerts.choices.saved'));
        },
        onError: (err) => {
          // The server names a refused choice by its place in what was sent: keep it by event.
          const byEvent: Record<string, string> = {};
          for (const [field, message] of Object.entries(fieldErrorsOf(err))) {
            const sent = /^choices\[(\d+)\]/.exec(field);
            byEvent[sent ? (choices[Number(sent[1])]?.event ?? field) : field] = message;
          }
          setErrors(byEvent);
          toastFailure(() => t('alerts.choices.failed'))(err);
        },
      },
    );
  };

  return (
    <form className="alert-choices" onSubmit={submit} noValidate>
      <h3>{t('alerts.choices.title')}</h3>
      {!preferences.email.enabled ? (
        <p className="muted">{t('alerts.choices.emailOff')}</p>
      ) : (
        !preferences.email.configured && <p className="muted">{t('alerts.choices.emailNotConfigured')}</p>
      )}
      <div className="table-wrap">
        <table className="table alert-choices__table">
          <thead>
            <tr>
              <th scope="col">{t('alerts.choices.event')}</th>
              <th scope="col">{t('alerts.choices.channel')}</th>
              <th scope="col">{t('alerts.choices.outsideHours')}</th>
            </tr>
          </thead>
          <tbody>
            {preferences.choices.map((stored) => {
              const choice = choiceOf(stored);
              const name = t(`alerts.event.${stored.event}`, { defaultValue: stored.event });
              const error = errors[stored.event];
              return (
                <tr key={stored.event}>
                  <th scope="row">
                    {name}
                    {choice.default && <span className="muted alert-choices__default"> {t('alerts.choices.default')}</span>}
                  </th>
                  <td>
                    <select
                      aria-label={t('alerts.choices.channelOf', { event: name })}
                      value={choice.channel}
                      aria-invalid={!!error}
                      onChange={(e) => edit(stored, { channel: e.target.value as AlertChoice['channel'] })}
                    >
                      {CHANNELS.map((channel) => (
                        <option key={channel} value={channel}>
                          {t(`alerts.channel.${channel}`)}
                        </option>
                      ))}
                    </select>
                    {error && <span className="field__error">{error}</span>}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('alerts.choices.outsideHoursOf', { event: name })}
                      checked={choice.outside_hours}
                      disabled={choice.channel === 'none'}
                      onChange={(e) => edit(stored, { outside_hours: e.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('alerts.choices.outsideHoursHint')}</p>
      <label className="field field--inline">
        <span>{t('alerts.choices.language')}</span>
        <select value={language ?? preferences.language} onChange={(e) => setLanguage(e.target.value as AlertPreferences['language'])} aria-invalid={!!errors.language}>
          {SUPPORTED_LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {t(`language.${lang}`, { ns: 'common' })}
            </option>
          ))}
        </select>
        {errors.language && <span className="field__error">{errors.language}</span>}
      </label>
      <div>
        <button type="submit" className="btn btn--primary" disabled={save.isPending || !changed}>
          {t('alerts.choices.save')}
        </button>
      </div>
    </form>
  );
}
