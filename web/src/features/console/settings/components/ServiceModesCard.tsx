import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { toast } from '../../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import { catalogueQueries } from '../../api/catalogue';
import { MEETING_MODES, type MeetingMode, type ServiceOption } from '../../api/types';
import { useSaveServiceModesMutation, type ServiceModes } from '../api/serviceModes';

/** The modes a service offers as stored, the office alone when the catalogue does not say. */
function storedModes(s: ServiceOption): ServiceModes {
  const modes = s.modes?.length ? s.modes : (['office'] as MeetingMode[]);
  return { modes, default_mode: s.default_mode && modes.includes(s.default_mode) ? s.default_mode : modes[0]! };
}

/** Turns one mode on or off, in the order modes are offered; the default follows when its mode goes. */
export function toggleMode(value: ServiceModes, mode: MeetingMode, on: boolean): ServiceModes {
  const modes = MEETING_MODES.filter((m) => (m === mode ? on : value.modes.includes(m)));
  const default_mode = modes.includes(value.default_mode) ? value.default_mode : (modes[0] ?? value.default_mode);
  return { modes, default_mode };
}

/** One service's row: a checkbox per mode, the default among those checked, and its own save. */
function ServiceModesRow({ service }: { service: ServiceOption }) {
  const { t } = useTranslation('console');
  const stored = storedModes(service);
  const [edited, setEdited] = useState<ServiceModes | null>(null);
  const value = edited ?? stored;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveServiceModesMutation();
  const changed = value.modes.join() !== stored.modes.join() || value.default_mode !== stored.default_mode;
  const id = `service-modes-${service.slug}`;
  const problem = errors.modes || errors.default_mode || (value.modes.length === 0 ? t('serviceModes.oneAtLeast') : '');

  const submit = () =>
    save.mutate(
      { slug: service.slug ?? '', value },
      {
        onSuccess: () => {
          setEdited(null);
          setErrors({});
          toast.success(t('serviceModes.saved', { service: service.name }));
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          toastFailure(() => t('serviceModes.failed'))(err);
        },
      },
    );

  return (
    <li className="service-modes__row">
      <fieldset aria-describedby={problem ? `${id}-error` : undefined} aria-invalid={problem ? true : undefined}>
        <legend>{service.name}</legend>
        <div className="service-modes__choices">
          {MEETING_MODES.map((m) => (
            <label key={m} className="checkbox">
              <input
                type="checkbox"
                checked={value.modes.includes(m)}
                onChange={(e) => setEdited(toggleMode(value, m, e.target.checked))}
              />
              {t(`meetingMode.${m}`)}
            </label>
          ))}
          <label className="field service-modes__default">
            <span>{t('serviceModes.default')}</span>
            <select
              value={value.default_mode}
              disabled={value.modes.length === 0}
              onChange={(e) => setEdited({ ...value, default_mode: e.target.value as MeetingMode })}
            >
              {value.modes.map((m) => (
                <option key={m} value={m}>
                  {t(`meetingMode.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--small"
            onClick={submit}
            disabled={!changed || value.modes.length === 0 || save.isPending}
            aria-label={t('serviceModes.saveFor', { service: service.name })}
          >
            {save.isPending ? t('settings.saving') : t('serviceModes.save')}
          </button>
        </div>
        {problem && (
          <p id={`${id}-error`} className="field__error">
            {problem}
          </p>
        )}
      </fieldset>
    </li>
  );
}

/** The Settings page's card of how each service's meetings happen: at the office, by phone, by video. */
export function ServiceModesCard() {
  const { t } = useTranslation('console');
  const services = useQuery(catalogueQueries.services());
  return (
    <section className="card service-modes" aria-labelledby="service-modes-title">
      <h2 id="service-modes-title">{t('serviceModes.title')}</h2>
      <p className="field__hint">{t('serviceModes.hint')}</p>
      {services.error ? (
        <ErrorState error={services.error} title={t('serviceModes.fetchFailed')} onRetry={() => void services.refetch()} />
      ) : !services.data ? (
        <Skeleton rows={4} />
      ) : services.data.length === 0 ? (
        <p className="muted">{t('serviceModes.none')}</p>
      ) : (
        <ul className="service-modes__list">
          {services.data.map((s) => (
            <ServiceModesRow key={s.slug ?? s.id} service={s} />
          ))}
        </ul>
      )}
    </section>
  );
}
