import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import type { CannedReply } from '../api/cannedReplies';
import { json, renderConsoleAt, resetConsole } from '../testing';
import { useToasts } from '../../../components/ui/toast';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const at = '2030-01-02T09:30:00Z';
const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['conversations', 'canned-replies'],
  menu: [
    { page: 'conversations', label: 'Conversations' },
    { page: 'canned-replies', label: 'Canned replies' },
  ],
  permissions: [],
  csrf_token: 'tok',
};

describe('the canned replies page', () => {
  let items: CannedReply[];
  let list: () => Response;
  let writes: { method: string; url: string; body: unknown }[];
  let write: (method: string) => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    items = [
      { id: 'r1', title: 'Opening hours', texts: { fr: 'Ouvert de 9 h à 17 h.', en: 'Open 9 to 5.' }, created_at: at, updated_at: at },
      { id: 'r2', title: 'Reminder', texts: { fr: 'Bonjour {first_name}, à {date}.', en: 'Hello {first_name}, see you {date}.', ar: 'مرحبا {first_name}' }, created_at: at, updated_at: at },
    ];
    list = () => json(200, { items, variables: ['first_name', 'date', 'service', 'manage_link'] });
    writes = [];
    write = (method) => (method === 'DELETE' ? new Response(null, { status: 204 }) : json(method === 'POST' ? 201 : 200, items[0]));
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        if (url.startsWith('/api/admin/me')) return json(200, me);
        if (url.startsWith('/api/admin/canned-replies') && method !== 'GET') {
          writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
          return write(method);
        }
        if (url.startsWith('/api/admin/canned-replies')) return list();
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  it('lists the replies with their languages, and searches them', async () => {
    renderConsoleAt('/admin/canned-replies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Canned replies' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Canned replies' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Opening hours', 'Reminder']);
    expect(within(rows[0]!).getByText('Open 9 to 5.')).toBeTruthy();
    expect(within(rows[0]!).getByText('No text in العربية: the conversation gets another language.')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/No text in/)).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the replies' }), { target: { value: 'see you' } });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the replies' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No canned reply matches this search.')).toBeTruthy();
  });

  it('says when there is none yet', async () => {
    items = [];
    renderConsoleAt('/admin/canned-replies');
    expect(await screen.findByText('No canned reply yet. Write the first one.')).toBeTruthy();
  });

  it('says when the list could not be read', async () => {
    list = () => json(500, { error: { code: 'internal', message: 'Internal error.' } });
    renderConsoleAt('/admin/canned-replies');
    expect(await screen.findByText('Could not load the canned replies.')).toBeTruthy();
  });

  it('writes a reply in its languages, shows the server’s refusal by field, and deletes one after asking', async () => {
    renderConsoleAt('/admin/canned-replies');
    fireEvent.click(await screen.findByRole('button', { name: 'New reply' }));
    const dialog = screen.getByRole('dialog', { name: 'New canned reply' });
    fireEvent.click(within(dialog.closest('dialog')!).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Write the reply in at least one language.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: ' Follow-up ' } });
    const arabic = within(dialog).getByRole('textbox', { name: 'Text in العربية' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text in Français/ }), { target: { value: 'Merci {prenom}' } });
    write = () => json(400, { error: { code: 'validation', message: 'Invalid.', fields: { 'texts.fr': 'Unknown variable' } } });
    fireEvent.click(within(dialog.closest('dialog')!).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Unknown variable')).toBeTruthy();
    expect(writes[0]).toEqual({ method: 'POST', url: '/api/admin/canned-replies?lang=en', body: { title: 'Follow-up', texts: { fr: 'Merci {prenom}', en: '', ar: '' } } });

    write = (method) => json(method === 'POST' ? 201 : 200, items[0]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text in Français/ }), { target: { value: 'Merci {first_name}' } });
    fireEvent.click(within(dialog.closest('dialog')!).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Canned reply created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New canned reply' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Reminder' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this canned reply?' });
    expect(within(confirm).getByText('“Reminder” will no longer be offered in the reply box.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Canned reply deleted.')).toBeTruthy();
    expect(writes.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/admin/canned-replies/r2?lang=en' });
  });

  it('edits a reply: its texts come in the form, and emptying one sends it empty', async () => {
    renderConsoleAt('/admin/canned-replies');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Reminder' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the canned reply' });
    expect((within(dialog).getByRole('textbox', { name: 'Text in العربية' }) as HTMLTextAreaElement).value).toBe('مرحبا {first_name}');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text in العربية' }), { target: { value: ' ' } });
    fireEvent.click(within(dialog.closest('dialog')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Canned reply saved.')).toBeTruthy();
    expect(writes[0]).toEqual({
      method: 'PATCH',
      url: '/api/admin/canned-replies/r2?lang=en',
      body: { title: 'Reminder', texts: { fr: 'Bonjour {first_name}, à {date}.', en: 'Hello {first_name}, see you {date}.', ar: '' } },
    });
  });
});
