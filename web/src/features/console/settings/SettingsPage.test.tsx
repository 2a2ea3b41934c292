import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage, type Language } from '../../../lib/i18n';
import { json, renderConsoleAt, resetConsole, storedSettings as stored } from '../testing';
import { useToasts } from '../../../components/ui/toast';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

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

describe('the settings’ backups', () => {
  let saves: Record<string, unknown>[];
  let posts: number;
  let backups: Record<string, unknown>;
  let save: (body: Record<string, unknown>) => Response;
  const run = (over: Record<string, unknown>) => ({
    id: '11111111-0000-4000-8000-000000000001',
    trigger: 'scheduled',
    state: 'succeeded',
    started_at: '2026-11-26T02:00:00Z',
    finished_at: '2026-11-26T02:00:04Z',
    file: 'dota-20261126T020000.000Z-11111111.dump',
    size_bytes: 2_500_000,
    error: '',
    ...over,
  });

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    saves = [];
    posts = 0;
    save = (body) => json(200, { settings: body });
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/admin/me')) return json(200, me);
        if (url.startsWith('/api/admin/backups') && init?.method === 'POST') {
          posts++;
          const started = run({ id: '11111111-0000-4000-8000-000000000009', trigger: 'manual', state: 'running', finished_at: null, file: '', size_bytes: 0 });
          backups = { ...backups, runs: [started, ...(backups.runs as unknown[])] };
          return json(202, { run: started, message: 'ok' });
        }
        if (url.startsWith('/api/admin/backups')) return json(200, backups);
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

  it('has no switch for SMS or self-registration', async () => {
    backups = { runs: [], available: true, reason: '', keep: 14 };
    await setLanguage('en');
    renderConsoleAt('/admin/settings');
    await screen.findByRole('switch', { name: /Automatic backup/ });
    const switches = screen.getAllByRole('switch').map((s) => s.closest('label')!.textContent);
    expect(switches).toEqual([
      'Maintenance mode',
      'Automatic backup',
      'Email notifications',
      'Send a follow-up e-mail after an attended meeting',
    ]);
  });

  it('lists the runs with their state, and backs up now', async () => {
    backups = {
      runs: [run({ id: '11111111-0000-4000-8000-000000000002', state: 'failed', error: 'pg_dump: exit status 1', file: '', size_bytes: 0 }), run({})],
      available: true,
      reason: '',
      keep: 14,
    };
    await setLanguage('en');
    renderConsoleAt('/admin/settings');
    const card = (await screen.findByRole('heading', { name: 'Backups' })).closest('section')!;
    await waitFor(() => expect(card.querySelectorAll('tbody tr')).toHaveLength(2));
    const rows = [...card.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows[0]).toContain('Failed');
    expect(rows[0]).toContain('pg_dump: exit status 1');
    expect(rows[1]).toContain('Done');
    expect(rows[1]).toContain('2.5 MB');
    expect(rows[1]).toContain('Scheduled');
    expect(card.textContent).toContain('The last 14 backups are kept.');

    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(posts).toBe(1));
    await waitFor(() => expect(card.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(card.querySelector('tbody tr')!.textContent).toContain('Running');
    expect(card.querySelector('tbody tr')!.textContent).toContain('By hand');
    // One run at a time: the button waits for it.
    expect((screen.getByRole('button', { name: 'Backing up…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why no backup can be made here, and keeps auto_backup off', async () => {
    const reason = 'Les sauvegardes ont besoin d’un dossier : définissez DOTA_BACKUP_DIR sur le serveur.';
    backups = { runs: [], available: false, reason, keep: 14 };
    await setLanguage('fr');
    renderConsoleAt('/admin/settings');
    const toggle = (await screen.findByRole('switch', { name: /Sauvegarde automatique/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe(reason);
    const card = screen.getByRole('heading', { name: 'Sauvegardes' }).closest('section')!;
    expect(card.textContent).toContain(reason);
    expect((screen.getByRole('button', { name: 'Sauvegarder maintenant' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal of auto_backup under the switch', async () => {
    backups = { runs: [], available: true, reason: '', keep: 14 };
    const why = 'Backups need pg_dump, which is not installed on the server (package postgresql-client).';
    save = () => json(422, { error: { code: 'backup_unavailable', message: why, fields: { auto_backup: why } } });
    await setLanguage('en');
    renderConsoleAt('/admin/settings');
    const toggle = (await screen.findByRole('switch', { name: /Automatic backup/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ auto_backup: true });
    await waitFor(() => expect(toggle.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe(why);
  });
});
