import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { useToasts } from '../../../components/ui/toast';
import { json, renderConsoleAt, resetConsole, storedSettings as settings } from '../testing';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['settings'],
  permissions: ['settings.update'],
  csrf_token: 'tok',
};

const budget = {
  id: 'budget',
  type: 'choice',
  required: true,
  text: { fr: 'Votre budget', en: 'Your budget', ar: 'ميزانيتك' },
  options: [
    { value: 'small', label: { fr: 'Petit', en: 'Small', ar: 'صغير' } },
    { value: 'large', label: { fr: 'Grand', en: 'Large', ar: 'كبير' } },
  ],
};

describe('the settings’ questions of each service', () => {
  let stored: Record<string, unknown[]>;
  let puts: { url: string; body: { questions: Record<string, unknown>[] } }[];
  let answerPut: (body: { questions: unknown[] }) => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(() => {
    stored = { 'developpement-web': [budget], photographie: [] };
    puts = [];
    answerPut = (body) => json(200, { questions: body.questions, message: 'ok' });
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://dota.test');
        if (url.pathname === '/api/admin/me') return json(200, me);
        if (url.pathname === '/api/services')
          return json(200, {
            items: [
              { id: 's1', slug: 'developpement-web', name: 'Web development', modes: ['office'], default_mode: 'office' },
              { id: 's2', slug: 'photographie', name: 'Photography', modes: ['office'], default_mode: 'office' },
            ],
          });
        const m = url.pathname.match(/^\/api\/admin\/services\/([^/]+)\/questions$/);
        if (m && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { questions: Record<string, unknown>[] };
          puts.push({ url: url.pathname, body });
          return answerPut(body);
        }
        if (m) return json(200, { questions: stored[m[1]!] ?? [] });
        if (url.pathname === '/api/admin/settings') return json(200, { settings });
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  const card = async () => (await screen.findByRole('heading', { name: 'Questions for each service' })).closest('section')!;

  it('shows the first service’s questions with their texts in the three languages', async () => {
    await setLanguage('en');
    renderConsoleAt('/admin/settings');
    const c = await card();
    const q1 = await within(c).findByRole('group', { name: 'Question 1' });
    expect((within(q1).getByLabelText('Question in French') as HTMLInputElement).value).toBe('Votre budget');
    expect((within(q1).getByLabelText('Question in Arabic') as HTMLInputElement).dir).toBe('rtl');
    expect((within(q1).getByLabelText('Type of answer') as HTMLSelectElement).value).toBe('choice');
    expect((within(q1).getByLabelText('Answer required') as HTMLInputElement).checked).toBe(true);
    const labels = within(q1).getAllByLabelText('Label in English') as HTMLInputElement[];
    expect(labels.map((l) => l.value)).toEqual(['Small', 'Large']);
    // Unchanged: nothing to save.
    expect((within(c).getByRole('button', { name: 'Save the questions of Web development' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(c).getByLabelText('Service'), { target: { value: 'photographie' } });
    expect(await within(c).findByText('No question: a booking of this service asks nothing more.')).toBeTruthy();
  });

  it('adds, types, reorders and saves; the server’s refusals show beside their fields', async () => {
    await setLanguage('en');
    renderConsoleAt('/admin/settings');
    const c = await card();
    await within(c).findByRole('group', { name: 'Question 1' });
    fireEvent.click(within(c).getByRole('button', { name: 'Add a question' }));
    const q2 = within(c).getByRole('group', { name: 'Question 2' });
    expect((within(q2).getByLabelText('Type of answer') as HTMLSelectElement).value).toBe('text');
    fireEvent.change(within(q2).getByLabelText('Type of answer'), { target: { value: 'url' } });
    fireEvent.change(within(q2).getByLabelText('Question in French'), { target: { value: 'Votre site' } });
    fireEvent.change(within(q2).getByLabelText('Question in English'), { target: { value: 'Your site' } });
    // The new question goes first; the focus stays on its button.
    const up = within(q2).getByRole('button', { name: 'Move question 2 up' });
    up.focus();
    fireEvent.click(up);
    const first = within(c).getByRole('group', { name: 'Question 1' });
    expect((within(first).getByLabelText('Question in English') as HTMLInputElement).value).toBe('Your site');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move question 1 down'));

    answerPut = () =>
      json(400, {
        error: { code: 'validation', message: 'Invalid', fields: { 'questions.0.text.ar': 'Write the question in Arabic.' } },
      });
    fireEvent.click(within(c).getByRole('button', { name: 'Save the questions of Web development' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.url).toBe('/api/admin/services/developpement-web/questions');
    expect(puts[0]!.body.questions.map((q) => [q.id, q.type, q.required])).toEqual([
      ['', 'url', false],
      ['budget', 'choice', true],
    ]);
    expect(puts[0]!.body.questions[0]).toMatchObject({ text: { fr: 'Votre site', en: 'Your site', ar: '' }, options: [] });
    const refusal = await within(c).findByText('Write the question in Arabic.');
    const ar = within(within(c).getByRole('group', { name: 'Question 1' })).getByLabelText('Question in Arabic') as HTMLInputElement;
    expect(ar.getAttribute('aria-invalid')).toBe('true');
    expect(ar.getAttribute('aria-describedby')).toBe(refusal.id);

    answerPut = (body) => json(200, { questions: body.questions.map((q, i) => ({ ...(q as object), id: (q as { id: string }).id || `new${i}` })), message: 'ok' });
    fireEvent.change(ar, { target: { value: 'موقعك' } });
    expect(within(c).queryByText('Write the question in Arabic.')).toBeNull();
    fireEvent.click(within(c).getByRole('button', { name: 'Save the questions of Web development' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Questions of Web development saved'));
    await waitFor(() =>
      expect((within(c).getByRole('button', { name: 'Save the questions of Web development' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('keeps a choice’s options between two and ten, and at most five questions', async () => {
    await setLanguage('fr');
    stored['developpement-web'] = [];
    renderConsoleAt('/admin/settings');
    const c = (await screen.findByRole('heading', { name: 'Questions de chaque service' })).closest('section')!;
    await within(c).findByText('Aucune question : une réservation de ce service ne demande rien de plus.');
    const add = within(c).getByRole('button', { name: 'Ajouter une question' }) as HTMLButtonElement;
    for (let i = 0; i < 5; i++) fireEvent.click(add);
    expect(add.disabled).toBe(true);
    expect(within(c).getByText('Cinq questions au plus.')).toBeTruthy();
    const q1 = within(c).getByRole('group', { name: 'Question 1' });
    fireEvent.change(within(q1).getByLabelText('Type de réponse'), { target: { value: 'choice' } });
    const options = within(q1).getByRole('group', { name: 'Options (de 2 à 10)' });
    expect(within(options).getAllByLabelText('Libellé en arabe')).toHaveLength(2);
    const addOption = within(options).getByRole('button', { name: 'Ajouter une option' }) as HTMLButtonElement;
    for (let i = 0; i < 8; i++) fireEvent.click(addOption);
    expect(within(options).getAllByLabelText('Libellé en français')).toHaveLength(10);
    expect(addOption.disabled).toBe(true);
    fireEvent.click(within(options).getByRole('button', { name: "Retirer l'option 10" }));
    expect(addOption.disabled).toBe(false);
    fireEvent.click(within(q1).getByRole('button', { name: 'Retirer la question 1' }));
    expect(add.disabled).toBe(false);
  });
});
