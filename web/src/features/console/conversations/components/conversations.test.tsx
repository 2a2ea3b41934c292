import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../../lib/api';
import i18n, { initI18n, setLanguage } from '../../../../lib/i18n';
import { QueryProvider } from '../../../../lib/query';
import type { ConversationDetail, ConversationSummary } from '../../api/types';
import { dispatchLive } from '../../hooks/useLive';
import { useSession } from '../../hooks/useSession';
import ConversationsPage from '../ConversationsPage';

const ID = '0b7c6a52-3f0e-4b8e-9d55-2f4f3c1a9e10';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const summary: ConversationSummary = {
  id: ID,
  state: 'waiting',
  language: 'ar',
  name: 'أمينة',
  email: 'amina@example.dz',
  preview: 'هل يمكنني التحدث إلى شخص؟',
  last_sender: 'user',
  handoff_reason: 'asked',
  handoff_at: '2027-03-10T09:00:00Z',
  messages: 3,
  started_at: '2027-03-10T08:55:00Z',
  updated_at: '2027-03-10T09:00:00Z',
};

function detail(patch: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    ...summary,
    collected: { name: 'أمينة', email: 'amina@example.dz', phone: '0550123456', company: '', service: 'SEO', date: '2027-03-12', time: '10:00' },
    appointment_ids: [],
    appointments: [],
    transcript: [
      { sender: 'user', text: 'هل يمكنني التحدث إلى شخص؟', source: '', step: '', created_at: '2027-03-10T08:59:00Z' },
      { sender: 'bot', text: 'I am asking a colleague to join.', source: 'rule', step: '', created_at: '2027-03-10T08:59:01Z' },
      { sender: 'staff', text: 'Hello, Karim here.', source: '', step: '', author: 'Karim', created_at: '2027-03-10T09:01:00Z' },
    ],
    ...patch,
  };
}

/** The router's current search, as the last render saw it. */
let currentSearch = '';
function Where() {
  currentSearch = useLocation().search;
  return null;
}

function renderPage(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/admin/conversations" element={<ConversationsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { wrapper: QueryProvider },
  );
}

type Handler = (url: string, init: RequestInit) => Response | undefined;

function stubServer(handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/admin/conversations?')) return json(200, { items: [summary], total: 1, page: 1, size: 20, waiting: 1 });
    return json(404, { error: { code: 'not_found', message: 'nope' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the Conversations page', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces('console');
  });
  beforeEach(() => {
    setCsrfToken('tok');
    useSession.setState({
      status: 'signed-in',
      user: { id: 'u-me', email: 'karim@dota.test', display_name: '', role: 'editor', role_label: 'Editor', permissions: [], is_active: true, created_by: '', created_at: '', updated_at: '' },
      pages: ['conversations', 'new-appointment'],
      permissions: ['conversations.answer'],
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
    useSession.setState({ status: 'unknown', user: null, pages: [], permissions: [] });
  });

  it('opens ?open=<id>: the transcript by sender, what Dota collected, and the booking link', async () => {
    stubServer((url) => (url.startsWith(`/api/admin/conversations/${ID}?`) ? json(200, detail()) : undefined));
    renderPage(`/admin/conversations?open=${ID}`);

    const panel = (await screen.findByRole('heading', { level: 2, name: 'أمينة' })).closest('section')!;
    const transcript = await within(panel).findByRole('list', { name: 'Messages with أمينة' });
    const items = within(transcript).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.transcript__who')?.textContent)).toEqual(['Visitor', 'Dota', 'Karim (team)']);
    expect(items[0].className).toContain('transcript__msg--user');
    expect(items[0].querySelector('p')?.getAttribute('dir')).toBe('auto');
    expect(within(panel).getByText('0550123456')).toBeTruthy();

    const book = within(panel).getByRole('link', { name: 'Book for this visitor' });
    const params = new URLSearchParams(book.getAttribute('href')!.split('?')[1]);
    expect(params.get('conversation')).toBe(ID);
    expect(params.get('name')).toBe('أمينة');
    expect(params.get('service')).toBe('SEO');
    expect(params.has('company')).toBe(false);

    // A waiting conversation: take it, no reply box yet.
    expect(within(panel).getByRole('button', { name: 'Take the conversation' })).toBeTruthy();
    expect(within(panel).queryByRole('textbox', { name: 'Your answer' })).toBeNull();
  });

  it("shows the server's message when another staff member holds the conversation", async () => {
    const fetch = stubServer((url, init) => {
      if (url.startsWith(`/api/admin/conversations/${ID}/claim`) && init.method === 'POST') {
        return json(409, { error: { code: 'conflict', message: 'Sofia is already handling this conversation.' } });
      }
      if (url.startsWith(`/api/admin/conversations/${ID}?`)) return json(200, detail());
      return undefined;
    });
    renderPage(`/admin/conversations?open=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Take the conversation' }));
    const alerts = await screen.findAllByText('Sofia is already handling this conversation.');
    expect(alerts.some((el) => el.closest('[role="alert"]'))).toBe(true);
    const claim = fetch.mock.calls.find(([url]) => String(url).includes('/claim'))!;
    expect(new Headers(claim[1]!.headers).get('X-CSRF-Token')).toBe('tok');
  });

  it('lets the holder answer: Enter sends, Shift+Enter does not; a live event reads the conversation again', async () => {
    let reads = 0;
    const fetch = stubServer((url, init) => {
      if (url.startsWith(`/api/admin/conversations/${ID}/messages`) && init.method === 'POST') {
        return json(201, { id: '4', text: 'On it', sender: 'staff', author: 'Karim', timestamp: '2027-03-10T09:02:00Z' });
      }
      if (url.startsWith(`/api/admin/conversations/${ID}?`)) {
        reads++;
        return json(200, detail({ state: 'staff', agent: 'Karim', agent_id: 'u-me' }));
      }
      return undefined;
    });
    renderPage(`/admin/conversations?open=${ID}`);
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(screen.getByRole('button', { name: 'Hand back to Dota' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take the conversation' })).toBeNull();

    fireEvent.change(box, { target: { value: 'On it' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/messages'))).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/messages'))).toBe(true));
    const sent = fetch.mock.calls.find(([url]) => String(url).includes('/messages'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ text: 'On it' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));

    const before = reads;
    act(() => dispatchLive({ kind: 'conversation.updated', ids: [ID], data: { ...summary, state: 'staff' } }));
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  });

  it('lists the questions Dota could not answer and opens an example’s conversation', async () => {
    stubServer((url) => {
      if (url.startsWith('/api/admin/questions?')) {
        expect(new URLSearchParams(url.split('?')[1]).get('window')).toBe('7d');
        return json(200, {
          window: '7d',
          groups: [
            { wording: 'Do you make mobile apps?', count: 4, last_at: '2027-03-10T09:00:00Z', examples: [{ text: 'do you build mobile apps', conversation_id: ID, at: '2027-03-10T09:00:00Z' }] },
            { wording: 'Parking?', count: 1, last_at: '2027-03-09T09:00:00Z', examples: [] },
          ],
        });
      }
      if (url.startsWith(`/api/admin/conversations/${ID}?`)) return json(200, detail());
      return undefined;
    });
    renderPage('/admin/conversations?view=questions');
    expect(await screen.findByText('Do you make mobile apps?')).toBeTruthy();
    expect(screen.getByText('Asked 4 times')).toBeTruthy();
    expect(screen.getByText('Asked once')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the conversation' }));
    await waitFor(() => expect(new URLSearchParams(currentSearch).get('open')).toBe(ID));
    expect(new URLSearchParams(currentSearch).has('view')).toBe(false);
    expect(await screen.findByRole('heading', { level: 2, name: 'أمينة' })).toBeTruthy();
  });
  it("lets a moderator take over a colleague's conversation after confirming", async () => {
    useSession.setState({
      user: { id: 'u-mod', email: 'nadia@dota.test', display_name: '', role: 'moderator', role_label: 'Moderator', permissions: [], is_active: true, created_by: '', created_at: '', updated_at: '' },
      permissions: ['conversations.answer', 'conversations.take_over'],
    });
    let held = detail({ state: 'staff', agent: 'Karim', agent_id: 'u-karim' });
    const fetch = stubServer((url, init) => {
      if (url.startsWith(`/api/admin/conversations/${ID}/takeover`) && init.method === 'POST') {
        held = detail({ state: 'staff', agent: 'Nadia', agent_id: 'u-mod' });
        return json(200, held);
      }
      if (url.startsWith(`/api/admin/conversations/${ID}?`)) return json(200, held);
      return undefined;
    });
    renderPage(`/admin/conversations?open=${ID}`);
    expect(await screen.findByText('Karim is handling this conversation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take the conversation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Karim will no longer be able to answer/)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/takeover'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/takeover'))).toBe(true));
    const call = fetch.mock.calls.find(([url]) => String(url).includes('/takeover'))!;
    expect(call[1]!.method).toBe('POST');
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toBeTruthy();
  });

  it('offers no take-over to an editor, who sees who holds it', async () => {
    stubServer((url) =>
      url.startsWith(`/api/admin/conversations/${ID}?`) ? json(200, detail({ state: 'staff', agent: 'Sofia', agent_id: 'u-sofia' })) : undefined,
    );
    renderPage(`/admin/conversations?open=${ID}`);
    expect(await screen.findByText('Sofia is handling this conversation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take the conversation' })).toBeNull();
  });

  it('tells the former holder, live, that a colleague took the conversation over', async () => {
    let held = detail({ state: 'staff', agent: 'Karim', agent_id: 'u-me' });
    stubServer((url) => (url.startsWith(`/api/admin/conversations/${ID}?`) ? json(200, held) : undefined));
    renderPage(`/admin/conversations?open=${ID}`);
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toBeTruthy();

    held = detail({ state: 'staff', agent: 'Nadia', agent_id: 'u-mod' });
    act(() => dispatchLive({ kind: 'conversation.updated', ids: [ID], data: { ...summary, state: 'staff', agent: 'Nadia', agent_id: 'u-mod' } }));
    expect(await screen.findByText('Nadia took over this conversation: you can no longer answer.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull());
  });
});
