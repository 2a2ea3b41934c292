import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import {
  useRemoveConsultantMutation,
  useSaveConsultantMutation,
  type Consultant,
  type ConsultantInput,
  type WeeklyRange,
} from '../../api/consultants';
import type { AdminUser, ServiceOption } from '../../api/types';
import { useServices } from '../../hooks/useServices';
import { HoursEditor, rangeErrors } from './HoursEditor';

/** A new consultant's hours: the agency's business days (Sunday to Thursday) and slot hours. */
export const BUSINESS_HOURS: WeeklyRange[] = [0, 1, 2, 3, 4].flatMap((weekday) => [
  { weekday, starts: '09:00', ends: '12:00' },
  { weekday, starts: '14:00', ends: '17:00' },
]);

/** The form's start: the consultant as saved, else a new one named as the user is. */
export function inputOf(user: AdminUser, consultant: Consultant | undefined): Required<ConsultantInput> {
  if (consultant) {
    return {
      name: consultant.name,
      services: [...consultant.services],
      active: consultant.active,
      hours: consultant.hours.map((h) => ({ ...h })),
      days_off: [...consultant.days_off].sort(),
    };
  }
  return { name: user.display_name, services: [], active: true, hours: BUSINESS_HOURS.map((h) => ({ ...h })), days_off: [] };
}

/** Props of ConsultantDialog. */
export interface ConsultantDialogProps {
  /** The staff user whose consultant profile is edited; null closes the dialog. */
  user: AdminUser | null;
  /** Their profile as saved, if they are a consultant. */
  consultant: Consultant | undefined;
  onClose: () => void;
}

/**
 * Whether a staff user meets prospects, and how: the name visitors see, the services taken,
 * the weekly hours (several ranges a day), the days off, and whether they are active.
 */
export function ConsultantDialog({ user, consultant, onClose }: ConsultantDialogProps) {
  if (!user) return null;
  return <ConsultantForm key={user.id} user={user} consultant={consultant} onClose={onClose} />;
}

function ConsultantForm({ user, consultant, onClose }: { user: AdminUser; consultant: Consultant | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('console');
  const services = useServices();
  const [is, setIs] = useState(consultant !== undefined);
  const [form, setForm] = useState(() => inputOf(user, consultant));
  const [dayOff, setDayOff] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveConsultantMutation();
  const remove = useRemoveConsultantMutation();
  const busy = save.isPending || remove.isPending;
  const formId = `consultant-${user.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!is) {
      if (!consultant) return onClose();
      remove.mutate(user.id, {
        onSuccess: () => {
          toast.success(t('consultants.removed', { email: user.email }));
          onClose();
        },
        onError: toastFailure((message) => [t('consultants.removeFailed'), message]),
      });
      return;
    }
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = t('form.required');
    const hours = rangeErrors(form.hours, t, i18n.language);
    if (hours) local.hours = hours;
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      { id: user.id, input: { ...form, name: form.name.trim() } },
      {
        onSuccess: () => {
          toast.success(t('consultants.saved', { name: form.name.trim() }));
          onClose();
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          toastFailure((message) => [t('consultants.saveFailed'), message])(err);
        },
      },
    );
  };

  const addDayOff = () => {
    if (!dayOff || form.days_off.includes(dayOff)) return;
    setForm({ ...form, days_off: [...form.days_off, dayOff].sort() });
    setDayOff('');
  };
  const known = new Set(['name', 'services', 'hours', 'days_off', 'active']);
  const other = Object.entries(errors).filter(([field]) => !known.has(field));

  return (
    <Dialog
      open
      size="large"
      title={t('consultants.title', { email: user.email })}
      onClose={onClose}
      footer={<FormFooter form={formId} label={t('action.save')} busy={busy} onCancel={onClose} />}
    >
      <form id={formId} className="consultant-form" onSubmit={submit} noValidate>
        <label className="checkbox">
          <input type="checkbox" checked={is} onChange={(e) => setIs(e.target.checked)} />
          {t('consultants.is')}
        </label>
        {!is ? (
          <p className="muted">{consultant ? t('consultants.willRemove') : t('consultants.isHint')}</p>
        ) : (
          <>
            <div className="form-grid">
              <div className="field">
                <label htmlFor={`${formId}-name`}>{t('consultants.name')}</label>
                <input
                  id={`${formId}-name`}
                  value={form.name}
                  maxLength={80}
                  onChange={(e) => setForm({ ...form, name: e.target.value })}
                  aria-invalid={!!errors.name}
                  aria-describedby={errors.name ? `${formId}-name-error` : `${formId}-name-hint`}
                />
                <span id={`${formId}-name-hint`} className="muted">
                  {t('consultants.nameHint')}
                </span>
                {errors.name && (
                  <span id={`${formId}-name-error`} className="field__error">
                    {errors.name}
                  </span>
                )}
              </div>
              <label className="checkbox">
                <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
                {t('consultants.active')}
              </label>
            </div>
            <ServicesChoice
              services={services}
              value={form.services}
              onChange={(next) => setForm({ ...form, services: next })}
              error={errors.services}
              errorId={`${formId}-services-error`}
            />
            <HoursEditor
              hours={form.hours}
              onChange={(hours) => setForm({ ...form, hours })}
              error={errors.hours}
              errorId={`${formId}-hours-error`}
            />
            <fieldset className="consultant-form__group" aria-describedby={errors.days_off ? `${formId}-days-error` : undefined}>
              <legend>{t('consultants.daysOff')}</legend>
              {form.days_off.length === 0 ? (
                <p className="muted">{t('consultants.noDaysOff')}</p>
              ) : (
                <ul className="consultant-form__days">
                  {form.days_off.map((day) => (
                    <li key={day}>
                      <span dir="ltr">{day}</span>{' '}
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => setForm({ ...form, days_off: form.days_off.filter((d) => d !== day) })}
                        aria-label={t('consultants.removeDayOff', { day })}
                      >
                        {t('action.delete')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="consultant-form__add">
                <label className="field field--inline">
                  <span>{t('consultants.dayOff')}</span>
                  <input
                    type="date"
                    value={dayOff}
                    onChange={(e) => setDayOff(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        addDayOff();
                      }
                    }}
                  />
                </label>
                <button type="button" className="btn btn--small" onClick={addDayOff} disabled={!dayOff}>
                  {t('consultants.addDayOff')}
                </button>
              </div>
              {errors.days_off && (
                <p id={`${formId}-days-error`} className="field__error">
                  {errors.days_off}
                </p>
              )}
            </fieldset>
          </>
        )}
        {other.length > 0 && (
          <p className="form-error" role="alert">
            {other.map(([, message]) => message).join(' ')}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** The catalogue's services as checkboxes, by slug. */
function ServicesChoice({
  services,
  value,
  onChange,
  error,
  errorId,
}: {
  services: ServiceOption[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  errorId: string;
}) {
  const { t } = useTranslation('console');
  const chosen = new Set(value);
  const slugs = services.map((s) => s.slug ?? s.name);
  // A service taken that the catalogue no longer lists stays, shown as stored, so saving keeps it visible.
  const stale = value.filter((v) => !slugs.includes(v));
  const toggle = (slug: string, on: boolean) => onChange(on ? [...value, slug] : value.filter((v) => v !== slug));
  return (
    <fieldset className="consultant-form__group" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{t('consultants.services')}</legend>
      {services.length === 0 && stale.length === 0 ? (
        <p className="muted">{t('state.loading')}</p>
      ) : (
        <div className="consultant-form__services">
          {services.map((s) => {
            const slug = s.slug ?? s.name;
            return (
              <label key={slug} className="checkbox">
                <input type="checkbox" checked={chosen.has(slug)} onChange={(e) => toggle(slug, e.target.checked)} />
                {s.name}
              </label>
            );
          })}
          {stale.map((slug) => (
            <label key={slug} className="checkbox">
              <input type="checkbox" checked onChange={(e) => toggle(slug, e.target.checked)} />
              {slug}
            </label>
          ))}
        </div>
      )}
      <p className="muted">{t('consultants.servicesHint')}</p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
