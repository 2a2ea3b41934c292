import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage, type Language } from '../../../lib/i18n';
import type { Settings } from '../api/types';
import { json, renderConsoleAt, resetConsole } from '../testing';
import { useToasts } from '../../../components/ui/toast';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const stored: Settings = {
  site_name: 'Dota',
  site_description: 'Agence digitale',
  contact_email: 'contact@dota.dz',
  maintenance_mode: false,
  allow_registration: false,
  email_notifications: true,
  sms_notifications: false,
  timezone: 'Africa/Algiers',
  language: 'fr',
  items_per_page: 10,
  auto_backup: false,
  backup_frequency: 'daily',
  booking_horizon_days: 90,
  reminder_lead_minutes: 1440,
  min_notice_minutes: 120,
  handoff_timeout_seconds: 120,
  waitlist_hold_minutes: 60,
  transcript_retention_days: 180,
  staff_idle_release_minutes: 30,
  slot_capacity: 1,
  closed_dates: [],
};

const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['settings'],
  permissions: [],
  csrf_token: 'tok',
};

describe('the settings’ transcript retention', () => {
  let saves: unknown[];
  let save: (body: Record<string, unknown>) => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    saves = [];
    save = (body) => json(200, { settings: body });
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/admin/me')) return json(200, me);
        if (url.startsWith('/api/admin/settings') && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          saves.push(body);
          return save(body);
        }
        if (url.startsWith('/api/admin/settings')) return json(200, { settings: stored });
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  const renderPage = () => renderConsoleAt('/admin/settings');

  it.each([
    ['fr', 'Conservation des transcriptions (jours)', /^Les transcriptions des conversations qui n'ont abouti à aucun rendez-vous .*\(7 à 3650 ; 180 par défaut\)\.$/],
    ['en', 'Transcript retention (days)', /^Transcripts of conversations that booked nothing are deleted after this many days \(7 to 3650; 180 by default\)\.$/],
    ['ar', 'مدة حفظ نصوص المحادثات (بالأيام)', /\(من 7 إلى 3650؛ 180 افتراضيًا\)\.$/],
  ] as const)('in %s, sits in the chat fieldset with its bounds and hint', async (lang, label, hint) => {
    await setLanguage(lang as Language);
    renderPage();
    const input = (await screen.findByLabelText(label, { exact: false })) as HTMLInputElement;
    expect(input.type).toBe('number');
    expect([input.min, input.max, input.value]).toEqual(['7', '3650', '180']);
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toMatch(hint);
    const fieldset = input.closest('fieldset')!;
    // Next to the hand-off timeout, in the chat fieldset.
    expect(fieldset.querySelector('input[aria-describedby="settings-handoff_timeout_seconds-hint"]')).toBeTruthy();
  });

  it('saves the new value, and shows the server’s refusal under the field', async () => {
    await setLanguage('fr');
    renderPage();
    const input = (await screen.findByLabelText('Conservation des transcriptions (jours)', { exact: false })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.variant)).toEqual(['success']));
    expect(saves[0]).toMatchObject({ transcript_retention_days: 365, handoff_timeout_seconds: 120 });

    // Below the minimum, the browser keeps the form from being sent.
    fireEvent.change(input, { target: { value: '3' } });
    expect(input.validity.rangeUnderflow).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(saves).toHaveLength(1);

    save = () => json(400, { error: { code: 'validation', message: 'Invalid', fields: { transcript_retention_days: 'Entre 7 et 3650 jours.' } } });
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(await screen.findByText('Entre 7 et 3650 jours.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the settings’ staff idle release', () => {
  let saves: Record<string, unknown>[];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    saves = [];
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/admin/me')) return json(200, me);
        if (url.startsWith('/api/admin/settings') && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          saves.push(body);
          return json(200, { settings: body });
        }
        if (url.startsWith('/api/admin/settings')) return json(200, { settings: stored });
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  it.each([
    ['fr', 'Reprise par Dota après silence de l’équipe (minutes)', /^Une conversation prise par un membre de l'équipe revient à Dota.*\(5 à 1440 ; 30 par défaut\)\.$/],
    ['en', 'Dota takes back after staff silence (minutes)', /^A conversation a staff member took returns to Dota.*\(5 to 1440; 30 by default\)\.$/],
    ['ar', 'استعادة Dota للمحادثة بعد صمت الفريق (بالدقائق)', /\(من 5 إلى 1440؛ 30 افتراضيًا\)\.$/],
  ] as const)('in %s, sits in the chat fieldset with its bounds and hint', async (lang, label, hint) => {
    await setLanguage(lang as Language);
    renderConsoleAt('/admin/settings');
    const input = (await screen.findByLabelText(label, { exact: false })) as HTMLInputElement;
    expect([input.type, input.min, input.max, input.value]).toEqual(['number', '5', '1440', '30']);
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toMatch(hint);
    expect(input.closest('fieldset')!.querySelector('input[aria-describedby="settings-handoff_timeout_seconds-hint"]')).toBeTruthy();
  });

  it('saves the new value with the others', async () => {
    await setLanguage('en');
    renderConsoleAt('/admin/settings');
    const input = (await screen.findByLabelText('Dota takes back after staff silence (minutes)', { exact: false })) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ staff_idle_release_minutes: 45, handoff_timeout_seconds: 120, transcript_retention_days: 180 });
    fireEvent.change(input, { target: { value: '2' } });
    expect(input.validity.rangeUnderflow).toBe(true);
  });
});
