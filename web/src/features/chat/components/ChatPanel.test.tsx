import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import type { ChatMessage } from '../api/chat';
import { useChat } from '../store';
import ChatPanel from './ChatPanel';

vi.setConfig({ testTimeout: 30_000 });

const question: ChatMessage = { id: 'm1', text: 'Your e-mail?', sender: 'bot', timestamp: '2026-11-22T08:00:00Z' };
const initial = useChat.getState();

/** Where the app is, as the router sees it. */
function Where() {
  const where = useLocation();
  return <p data-testid="where">{where.pathname + where.search}</p>;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('chat quick replies', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeAll(async () => {
    Element.prototype.scrollIntoView ??= () => {}; // jsdom lays nothing out
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['chat']);
  });
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    useChat.setState({
      ...initial,
      open: true,
      sessionId: 's1',
      loaded: true,
      messages: [question],
      flow: 'booking',
      quickReplies: [
        { label: 'Use the form', value: '/rendez-vous?lang=en', kind: 'link' },
        { label: 'Cancel', value: 'Cancel', kind: 'message' },
      ],
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const draw = () =>
    render(
      <MemoryRouter initialEntries={['/services']}>
        <ChatPanel onClose={() => {}} />
        <Where />
      </MemoryRouter>,
    );

  it('opens the page of a link reply in the app and posts nothing', async () => {
    draw();
    const link = screen.getByRole('link', { name: 'Use the form' });
    expect(link.getAttribute('href')).toBe('/rendez-vous?lang=en');
    link.focus();
    expect(document.activeElement).toBe(link); // reachable with the keyboard, as every link
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/rendez-vous?lang=en'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useChat.getState().messages).toEqual([question]);
  });

  it('sends a message reply as the visitor message', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { session_id: 's1', messages: [], step: 'greeting', quick_replies: [] }));
    draw();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/chat/sessions/s1/messages?lang=en');
    expect(JSON.parse(String(init?.body))).toMatchObject({ text: 'Cancel' });
    expect(screen.getByTestId('where').textContent).toBe('/services');
  });
});
