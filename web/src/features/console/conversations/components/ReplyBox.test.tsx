import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../../lib/api';
import i18n, { initI18n, setLanguage } from '../../../../lib/i18n';
import { QueryProvider } from '../../../../lib/query';
import type { CannedReply } from '../../api/cannedReplies';
import { useSession } from '../../hooks/useSession';
import { ReplyBox } from './ReplyBox';

const CONV = '0b7c6a52-3f0e-4b8e-9d55-2f4f3c1a9e10';
const at = '2027-03-10T09:00:00Z';

const replies: CannedReply[] = [
  { id: 'r-hours', title: 'Horaires', texts: { fr: 'Nous sommes ouverts de 9 h à 17 h.', en: 'We are open 9 to 5.' }, created_at: at, updated_at: at },
  { id: 'r-remind', title: 'Rappel', texts: { fr: 'Bonjour {first_name}, à {date} !', ar: 'مرحبا {first_name}' }, created_at: at, updated_at: at },
  { id: 'r-thanks', title: 'Merci', texts: { en: 'Thank you {first_name}, your link: {manage_link}' }, created_at: at, updated_at: at },
];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | undefined;

/** The server: the list of replies, each filled as given, the staff message; handler answers first. */
function stubServer(handler: Handler = () => undefined) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/admin/canned-replies')) return json(200, { items: replies, variables: ['first_name', 'date', 'service', 'manage_link'] });
    const filled = url.match(/\/api\/admin\/conversations\/[^/]+\/canned-replies\/([^/?]+)/);
    if (filled && init.method === 'POST') {
      if (filled[1] === 'r-remind') return json(200, { id: 'r-remind', title: 'Rappel', lang: 'fr', text: 'Bonjour Amina, à {date} !', missing: ['date'] });
      if (filled[1] === 'r-hours') return json(200, { id: 'r-hours', title: 'Horaires', lang: 'fr', text: 'Nous sommes ouverts de 9 h à 17 h.', missing: [] });
      return json(200, { id: 'r-thanks', title: 'Merci', lang: 'en', text: 'Thank you Amina, your link: https://dota.test/manage/tok', missing: [] });
    }
    if (url.includes('/messages') && init.method === 'POST') return json(201, { id: '9', text: 'x', sender: 'staff', author: 'Karim', timestamp: at });
    return json(404, { error: { code: 'not_found', message: 'nope' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderBox() {
  render(
    <MemoryRouter>
      <ReplyBox conversationId={CONV} language="fr" />
    </MemoryRouter>,
    { wrapper: QueryProvider },
  );
  return screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement;
}

const posted = (fetch: ReturnType<typeof stubServer>, part: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).includes(part) && (init as RequestInit | undefined)?.method === 'POST');

const optionNames = () => within(screen.getByRole('listbox', { name: 'Canned replies' })).getAllByRole('option').map((o) => o.querySelector('strong')?.textContent);

describe('the reply box’s canned replies', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces('console');
  });
  beforeEach(() => {
    setCsrfToken('tok');
    useSession.setState({ status: 'signed-in', pages: ['conversations'], permissions: ['conversations.answer'] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
    useSession.setState({ status: 'unknown', user: null, pages: [], permissions: [] });
  });

  it('opens on / at the start, filters as staff type, and the arrows and Enter insert the reply filled', async () => {
    const fetch = stubServer();
    const box = renderBox();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fetch).not.toHaveBeenCalled(); // the list is read when it opens, not before

    fireEvent.change(box, { target: { value: '/' } });
    await waitFor(() => expect(optionNames()).toEqual(['Horaires', 'Rappel', 'Merci']));
    const first = screen.getAllByRole('option')[0];
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);

    // What follows the slash filters, on the title first, then on the text in the conversation's language.
    fireEvent.change(box, { target: { value: '/bonj' } });
    expect(optionNames()).toEqual(['Rappel']);
    fireEvent.change(box, { target: { value: '/r' } });
    expect(optionNames()).toEqual(['Rappel', 'Horaires', 'Merci']);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[2].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // round to the first
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    const active = screen.getAllByRole('option')[1];
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);

    fireEvent.keyDown(box, { key: 'Enter' }); // inserts Horaires, does not send "/r"
    await waitFor(() => expect(box.value).toBe('Nous sommes ouverts de 9 h à 17 h.'));
    expect(posted(fetch, `/conversations/${CONV}/canned-replies/r-hours`)).toHaveLength(1);
    expect(posted(fetch, '/messages')).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();

    // Now Enter sends the answer.
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posted(fetch, '/messages')).toHaveLength(1));
  });

  it('leaves a variable with no value for staff to fill, selected, and will not send it in braces', async () => {
    const fetch = stubServer();
    const box = renderBox();
    fireEvent.change(box, { target: { value: '/rap' } });
    await waitFor(() => expect(optionNames()).toEqual(['Rappel']));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Bonjour Amina, à {date} !'));
    await waitFor(() => expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('{date}'));
    expect(screen.getByRole('status').textContent).toBe('Replace {date} before sending.');

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Replace {date} before sending.');
    expect(posted(fetch, '/messages')).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Bonjour Amina, à jeudi !' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posted(fetch, '/messages')).toHaveLength(1));
    expect(JSON.parse(String((posted(fetch, '/messages')[0][1] as RequestInit).body))).toEqual({ text: 'Bonjour Amina, à jeudi !' });
  });

  it('closes on Escape, keeps what was typed, and stays closed until the slash is typed again', async () => {
    stubServer();
    const box = renderBox();
    fireEvent.change(box, { target: { value: '/ho' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe('/ho');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.change(box, { target: { value: '/hor' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.change(box, { target: { value: '/' } });
    expect(await screen.findByRole('listbox')).toBeTruthy();
    // A second line is an answer that starts with a slash, not a search.
    fireEvent.change(box, { target: { value: '/\nx' } });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens from its button with a search box of its own, and puts the reply where the caret was', async () => {
    const fetch = stubServer();
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'Hello. Bye.' } });
    box.setSelectionRange(7, 7);
    const button = screen.getByRole('button', { name: 'Canned replies' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const search = screen.getByRole('combobox', { name: 'Find a canned reply' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'mer' } });
    await waitFor(() => expect(optionNames()).toEqual(['Merci']));
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Hello. Thank you Amina, your link: https://dota.test/manage/tokBye.'));
    expect(posted(fetch, '/canned-replies/r-thanks')).toHaveLength(1);
    expect(screen.queryByRole('combobox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box));

    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Find a canned reply' }), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  it('says when the list loads, fails, is empty or finds nothing', async () => {
    let fail = true;
    let empty = false;
    stubServer((url) => {
      if (!url.startsWith('/api/admin/canned-replies')) return undefined;
      if (fail) return json(500, { error: { code: 'internal', message: 'boom' } });
      if (empty) return json(200, { items: [], variables: [] });
      return undefined;
    });
    useSession.setState({ pages: ['conversations', 'canned-replies'] });
    const box = renderBox();
    fireEvent.change(box, { target: { value: '/' } });
    expect(screen.getByText('Loading the canned replies…')).toBeTruthy();
    expect(await screen.findByText('Could not load the canned replies.')).toBeTruthy();
    fail = false;
    empty = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No canned reply yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write some' }).getAttribute('href')).toBe('/admin/canned-replies');
  });

  it('finds nothing for a query no reply holds, and Enter then inserts nothing', async () => {
    const fetch = stubServer();
    const box = renderBox();
    fireEvent.change(box, { target: { value: '/zzz' } });
    expect(await screen.findByText('No canned reply matches.')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(posted(fetch, '/canned-replies/')).toHaveLength(0);
    expect(posted(fetch, '/messages')).toHaveLength(0);
    expect(box.value).toBe('/zzz');
  });

  it('says when a reply could not be inserted, keeps the answer, and reads the list again', async () => {
    let lists = 0;
    stubServer((url, init) => {
      if (url.startsWith('/api/admin/canned-replies')) lists++;
      if (url.includes('/canned-replies/r-hours') && init.method === 'POST') return json(404, { error: { code: 'not_found', message: 'This reply no longer exists.' } });
      return undefined;
    });
    const box = renderBox();
    fireEvent.change(box, { target: { value: '/hor' } });
    await waitFor(() => expect(optionNames()).toEqual(['Horaires']));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('This reply no longer exists.');
    expect(box.value).toBe('/hor');
    await waitFor(() => expect(lists).toBe(2));
  });
});
