import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast';
import { fieldErrorsOf, toastFailure } from '../../../lib/mutation';
import { settingsQueries } from './api/settings';
import { useSaveSettingsMutation } from './api/settings';
import type { Settings } from '../api/types';
import { AgencyProfileFields } from './components/AgencyProfileFields';
import { BackupsCard } from './components/BackupsCard';
import { FollowUpFields } from './components/FollowUpFields';
import { ServiceModesCard } from './components/ServiceModesCard';
import { ServiceQuestionsCard } from './components/ServiceQuestionsCard';
import { backupQueries } from './api/backups';
import { ErrorState } from '../../../components/ui/ErrorState';

const TIMEZONES = ['Africa/Algiers', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
const LANGUAGES = ['en', 'fr', 'ar'];
const PAGE_SIZES = [5, 10, 15, 20];
const FREQUENCIES = ['daily', 'weekly', 'monthly'];

/** /admin/settings: General, System, Notifications and Appearance, saved by the server. */
export default function SettingsPage() {
  const { t } = useTranslation('console');
  const stored = useQuery(settingsQueries.stored());
  const backups = useQuery(backupQueries.list());
  // The form starts from what is stored, then holds what staff type until it is saved.
  const [edited, setForm] = useState<Settings | null>(null);
  const form = edited ?? stored.data ?? null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettingsMutation();
  const busy = save.isPending;

  if (!form) {
    return (
      <section className="page" aria-labelledby="settings-title">
        <h1 id="settings-title">{t('settings.title')}</h1>
        {stored.error ? (
          <ErrorState error={stored.error} title={t('settings.fetchFailed')} onRetry={() => void stored.refetch()} />
        ) : (
          <Skeleton rows={8} />
        )}
      </section>
    );
  }

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setForm({ ...form, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: (saved) => {
        if (saved) setForm(saved);
        setErrors({});
        toast.success(t('settings.saved'));
      },
      onError: (err) => {
        setErrors(fieldErrorsOf(err));
        toastFailure(() => t('settings.failed'))(err);
      },
    });
  };
  const text = (key: 'site_name' | 'site_description' | 'contact_email', type = 'text') => (
    <label className="field">
      <span>{t(`settings.field.${key}`)}</span>
      <input type={type} value={form[key]} onChange={(e) => set(key, e.target.value)} aria-invalid={!!errors[key]} />
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </label>
  );
  const toggle = (key: 'maintenance_mode' | 'email_notifications') => (
    <label className="checkbox switch-row">
      <input type="checkbox" role="switch" checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
      {t(`settings.field.${key}`)}
    </label>
  );
  // Where this server cannot make a backup, auto_backup cannot be turned on, and the
  // page says why; the server refuses it too (422, the reason under the field).
  const unavailable = backups.data && !backups.data.available ? backups.data.reason : '';
  const autoBackupWhy = errors.auto_backup || unavailable;
  const autoBackup = (
    <label className="checkbox switch-row">
      <input
        type="checkbox"
        role="switch"
        checked={form.auto_backup}
        disabled={!!unavailable && !form.auto_backup}
        onChange={(e) => set('auto_backup', e.target.checked)}
        aria-invalid={!!errors.auto_backup}
        aria-describedby={autoBackupWhy ? 'settings-auto_backup-why' : undefined}
      />
      {t('settings.field.auto_backup')}
      {autoBackupWhy && (
        <span id="settings-auto_backup-why" className="field__error">
          {autoBackupWhy}
        </span>
      )}
    </label>
  );
  const select = (key: 'timezone' | 'language' | 'items_per_page' | 'backup_frequency', values: (string | number)[], label?: (v: string | number) => string) => (
    <label className="field">
      <span>{t(`settings.field.${key}`)}</span>
      <select
        value={String(form[key])}
        onChange={(e) => set(key, (key === 'items_per_page' ? Number(e.target.value) : e.target.value) as never)}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {label ? label(v) : v}
          </option>
        ))}
      </select>
    </label>
  );
  const number = (
    key:
      | 'booking_horizon_days'
      | 'reminder_lead_minutes'
      | 'reconfirm_lead_minutes'
      | 'min_notice_minutes'
      | 'waitlist_hold_minutes'
      | 'handoff_timeout_seconds'
      | 'staff_idle_release_minutes'
      | 'transcript_retention_days',
    min: number,
    max: number,
    hint: string,
  ) => (
    <label className="field">
      <span>{t(`settings.field.${key}`)}</span>
      <input
        type="number"
        min={min}
        max={max}
        step={1}
        value={form[key] ?? ''}
        onChange={(e) => set(key, Number(e.target.value))}
        aria-invalid={!!errors[key]}
        aria-describedby={`settings-${key}-hint`}
      />
      <span id={`settings-${key}-hint`} className="field__hint">
        {hint}
      </span>
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </label>
  );

  return (
    <section className="page" aria-labelledby="settings-title">
      <header className="page__header">
        <h1 id="settings-title">{t('settings.title')}</h1>
      </header>
      <form className="settings-grid" onSubmit={submit}>
        <fieldset className="card">
          <legend>{t('settings.general')}</legend>
          {text('site_name')}
          {text('site_description')}
          {text('contact_email', 'email')}
        </fieldset>
        <AgencyProfileFields value={form.agency} onChange={(agency) => set('agency', agency)} errors={errors} />
        <fieldset className="card">
          <legend>{t('settings.system')}</legend>
          {toggle('maintenance_mode')}
          {autoBackup}
          {select('backup_frequency', FREQUENCIES, (v) => t(`settings.frequency.${v}`))}
          {select('timezone', TIMEZONES)}
        </fieldset>
        <fieldset className="card">
          <legend>{t('settings.booking')}</legend>
          {number('booking_horizon_days', 1, 730, t('settings.bookingHorizonHint'))}
          {number('reminder_lead_minutes', 0, 10080, t('settings.reminderLeadHint'))}
          {number('reconfirm_lead_minutes', 0, 10080, t('settings.reconfirmLeadHint'))}
          {number('min_notice_minutes', 0, 10080, t('settings.minNoticeHint'))}
          {number('waitlist_hold_minutes', 5, 1440, t('settings.waitlistHoldHint'))}
        </fieldset>
        <fieldset className="card">
          <legend>{t('settings.chat')}</legend>
          {number('handoff_timeout_seconds', 10, 3600, t('settings.handoffTimeoutHint'))}
          {number('staff_idle_release_minutes', 5, 1440, t('settings.staffIdleReleaseHint'))}
          {number('transcript_retention_days', 7, 3650, t('settings.transcriptRetentionHint'))}
        </fieldset>
        <fieldset className="card">
          <legend>{t('settings.notifications')}</legend>
          {toggle('email_notifications')}
        </fieldset>
        <FollowUpFields value={form} onChange={(patch) => setForm({ ...form, ...patch })} errors={errors} />
        <fieldset className="card">
          <legend>{t('settings.appearance')}</legend>
          {select('language', LANGUAGES, (v) => t(`settings.language.${v}`))}
          {select('items_per_page', PAGE_SIZES)}
        </fieldset>
        <BackupsCard />
        <div className="page__actions settings-grid__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
      <ServiceModesCard />
      <ServiceQuestionsCard />
    </section>
  );
}
