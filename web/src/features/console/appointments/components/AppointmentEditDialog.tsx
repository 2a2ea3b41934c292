import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormFooter } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../../lib/mutation';
import { useUpdateAppointmentMutation, type AppointmentEdit } from '../api/appointments';
import { MEETING_MODES, STATUSES, type Appointment, type MeetingMode, type ServiceOption } from '../../api/types';
import { displayStatus } from '../../lib/format';
import { SlotProblem, slotRefusalOf, type SlotRefusal } from './SlotProblem';

/** Props of AppointmentEditDialog. */
export interface AppointmentEditDialogProps {
  appointment: Appointment | null;
  services: ServiceOption[];
  onClose: () => void;
  onSaved: (a: Appointment) => void;
}

function editOf(a: Appointment): AppointmentEdit {
  return {
    name: a.name,
    email: a.email,
    phone: a.phone,
    service: a.service,
    date: a.date,
    time: a.time,
    message: a.message,
    status: displayStatus(a.status),
    mode: a.mode || 'office',
  };
}

/** The modes a service offers: its own when the catalogue lists it, else every one (a general appointment's). */
function modesOf(services: ServiceOption[], service: string): { modes: MeetingMode[]; default_mode: MeetingMode } {
  const s = services.find((o) => (o.slug ?? o.name) === service);
  return s?.modes?.length ? { modes: s.modes, default_mode: s.default_mode ?? s.modes[0]! } : { modes: MEETING_MODES, default_mode: 'office' };
}

/** Edits an appointment; every status can be chosen, unknown ones show as pending. */
export function AppointmentEditDialog({ appointment, services, onClose, onSaved }: AppointmentEditDialogProps) {
  const { t } = useTranslation('console');
  const [form, setForm] = useState<AppointmentEdit | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<SlotRefusal | null>(null);
  const update = useUpdateAppointmentMutation();
  useEffect(() => {
    setForm(appointment ? editOf(appointment) : null);
    setErrors({});
    setRefusal(null);
  }, [appointment]);
  if (!appointment || !form) return null;

  const set = (key: keyof AppointmentEdit) => (e: { target: { value: string } }) => {
    const next = { ...form, [key]: e.target.value };
    if (key === 'service') {
      // Another service keeps the mode when it offers it, else takes its default, as the server does.
      const offered = modesOf(services, next.service);
      if (!next.mode || !offered.modes.includes(next.mode)) next.mode = offered.default_mode;
    }
    setForm(next);
  };
  const mode = form.mode ?? 'office';
  const offered = modesOf(services, form.service);
  const modeOptions = offered.modes.includes(mode) ? offered.modes : [mode, ...offered.modes];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = t('form.required');
    if (Boolean(form.date) !== Boolean(form.time)) local[form.date ? 'time' : 'date'] = t('form.dateTimeTogether');
    setErrors(local);
    setRefusal(null);
    if (Object.keys(local).length) return;
    // The mode goes only when staff changed it (or the service's change did).
    const edit = form.mode === (appointment.mode || 'office') ? { ...form, mode: undefined } : form;
    update.mutate(
      { id: appointment.id, edit },
      {
        onSuccess: (saved) => {
          toast.success(t('appointments.updated'));
          onSaved(saved ?? { ...appointment, ...form });
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          setRefusal(slotRefusalOf(err));
          toastFailure(() => t('appointments.updateFailed'))(err);
        },
      },
    );
  };

  // By slug, as bookings store a service; a text stored before slugs stays offered as it is.
  const serviceOptions = services.map((s) => ({ value: s.slug ?? s.name, label: s.name }));
  if (form.service && !serviceOptions.some((o) => o.value === form.service)) serviceOptions.unshift({ value: form.service, label: form.service });
  const field = (key: keyof AppointmentEdit, label: string, input: React.ReactNode) => (
    <label className="field">
      <span>{label}</span>
      {input}
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </label>
  );

  return (
    <Dialog
      open
      title={t('appointments.editTitle')}
      onClose={onClose}
      footer={<FormFooter form="appointment-edit" label={t('action.save')} busy={update.isPending} onCancel={onClose} />}
    >
      <form id="appointment-edit" className="form-grid" onSubmit={submit}>
        {field('name', t('field.name'), <input value={form.name} onChange={set('name')} required aria-invalid={!!errors.name} />)}
        {field('email', t('field.email'), <input type="email" value={form.email} onChange={set('email')} />)}
        {field('phone', t('field.phone'), <input type="tel" value={form.phone} onChange={set('phone')} />)}
        {field(
          'service',
          t('field.service'),
          <select value={form.service} onChange={set('service')}>
            <option value="">{t('appointments.general')}</option>
            {serviceOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>,
        )}
        {field(
          'mode',
          t('field.mode'),
          <select value={mode} onChange={set('mode')} aria-invalid={!!errors.mode}>
            {modeOptions.map((m) => (
              <option key={m} value={m}>
                {t(`meetingMode.${m}`)}
              </option>
            ))}
          </select>,
        )}
        {field('date', t('field.date'), <input type="date" value={form.date} onChange={set('date')} />)}
        {field('time', t('field.time'), <input type="time" value={form.time} onChange={set('time')} step={1800} />)}
        {field(
          'status',
          t('field.status'),
          <select value={form.status} onChange={set('status')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>,
        )}
        <label className="field field--wide">
          <span>{t('field.message')}</span>
          <textarea rows={4} value={form.message} onChange={set('message')} />
        </label>
        <SlotProblem
          refusal={refusal}
          onPick={(slot) => {
            setForm({ ...form, date: slot.date, time: slot.time });
            setRefusal(null);
          }}
        />
      </form>
    </Dialog>
  );
}
