import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from './api/chat';
import { OPEN_KEY, SESSION_KEY } from './persistence';
import { mergeMessages, useChat } from './store';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const greeting: ChatMessage = { id: 'm1', text: 'Bonjour ! Je suis Dota.', sender: 'bot', timestamp: '2026-11-22T08:00:00Z' };
const initial = useChat.getState();

describe('chat store', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useChat.setState({ ...initial, sessionId: null, messages: [], loaded: false, problem: null, pending: false, linkEnded: false });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('starts a conversation and keeps its id for the next page load', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { session_id: 's1', messages: [greeting], step: 'greeting', quick_replies: [] }));
    await useChat.getState().ensureSession('fr');
    expect(localStorage.getItem(SESSION_KEY)).toBe('s1');
    expect(useChat.getState().messages).toEqual([greeting]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/chat/sessions?lang=fr');
    expect(JSON.parse(String(init?.body))).toEqual({ lang: 'fr' });
  });

  it('starts a conversation with where the visit came from', async () => {
    const visit = { first: { utm_source: 'facebook', utm_campaign: 'ramadan', landing: '/' }, last: { utm_source: 'facebook', landing: '/' } };
    sessionStorage.setItem('dota.attribution', JSON.stringify(visit));
    fetchMock.mockResolvedValueOnce(json(201, { session_id: 's2', messages: [greeting], step: 'greeting', quick_replies: [] }));
    await useChat.getState().ensureSession('fr');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ lang: 'fr', attribution: visit });
  });

  it('picks the conversation of an earlier page load up from storage and continues it', async () => {
    localStorage.setItem(SESSION_KEY, 'kept');
    fetchMock
      .mockResolvedValueOnce(json(200, { session_id: 'kept', messages: [greeting], step: 'company', quick_replies: [] }))
      .mockResolvedValueOnce(json(200, { session_id: 'kept', messages: [], step: 'service', quick_replies: [] }));
    await useChat.getState().ensureSession('fr');
    expect(useChat.getState().messages).toEqual([greeting]);
    expect(await useChat.getState().send('Atlas Conseil', 'fr')).toBe(true);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/chat/sessions/kept?lang=fr');
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/chat/sessions/kept/messages?lang=fr');
  });

  it('reads a stored conversation back, and starts over when it is gone', async () => {
    useChat.setState({ sessionId: 'old' });
    fetchMock
      .mockResolvedValueOnce(json(404, { error: { code: 'not_found', message: 'Introuvable.' } }))
      .mockResolvedValueOnce(json(201, { session_id: 'new', messages: [greeting], step: 'greeting' }));
    await useChat.getState().ensureSession('ar');
    expect(useChat.getState().sessionId).toBe('new');
    expect(localStorage.getItem(SESSION_KEY)).toBe('new');
  });

  it('opens the conversation an e-mailed answer links to, forgets the link and goes on in it', async () => {
    localStorage.setItem(SESSION_KEY, 'other');
    window.history.replaceState(null, '', '/services?lang=en&chat=tok%2D1#top');
    const answer: ChatMessage = { id: '4', text: 'We build online shops.', sender: 'staff', author: 'Karima', timestamp: '2026-11-22T08:05:00Z' };
    fetchMock.mockResolvedValueOnce(
      json(200, { session_id: 'linked', lang: 'en', messages: [greeting, answer], step: 'greeting', flow: '', quick_replies: [], collected: {}, handoff: { state: 'staff', agent: 'Karima' } }),
    );
    useChat.getState().restoreOpen();
    expect(window.location.search).toBe('?lang=en');
    expect(window.location.hash).toBe('#top');
    expect(useChat.getState().open).toBe(true);
    await useChat.getState().ensureSession('en');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/chat\/resume\/tok-1(\?|$)/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const s = useChat.getState();
    expect(s.sessionId).toBe('linked');
    expect(localStorage.getItem(SESSION_KEY)).toBe('linked');
    expect(sessionStorage.getItem(OPEN_KEY)).toBe('1');
    expect(s.messages.at(-1)?.text).toBe('We build online shops.');
    expect(s.handoff).toEqual({ state: 'staff', agent: 'Karima' });
    expect(s.loaded && s.stored).toBe(true);
  });

  it('starts a fresh conversation, saying why, when the linked one has ended', async () => {
    localStorage.setItem(SESSION_KEY, 'other');
    window.history.replaceState(null, '', '/?chat=old');
    fetchMock
      .mockResolvedValueOnce(json(410, { error: { code: 'gone', message: 'Terminée.' } }))
      .mockResolvedValueOnce(json(201, { session_id: 'fresh', messages: [greeting], step: 'greeting' }));
    useChat.getState().restoreOpen();
    await useChat.getState().ensureSession('fr');
    expect(useChat.getState().sessionId).toBe('fresh');
    expect(useChat.getState().linkEnded).toBe(true);
    expect(window.location.search).toBe('');
  });

  it('sends a message, shows the answer and the quick replies', async () => {
    useChat.setState({ sessionId: 's1', loaded: true, messages: [{ ...greeting, id: '1' }] });
    // The reply's shape: the visitor's message as numbered, and Dota's new messages.
    fetchMock.mockResolvedValueOnce(
      json(200, {
        user_message: { id: '2', text: 'oui', sender: 'user', timestamp: '2026-11-22T08:00:01Z' },
        messages: [{ id: '3', text: 'Votre nom ?', sender: 'bot', timestamp: '2026-11-22T08:00:02Z' }],
        step: 'name',
        flow: 'booking',
        quick_replies: [{ label: 'Annuler', value: 'annuler' }],
        collected: {},
      }),
    );
    expect(await useChat.getState().send(' oui ', 'fr')).toBe(true);
    const s = useChat.getState();
    expect(s.messages.map((m) => [m.id, m.sender])).toEqual([
      ['1', 'bot'],
      ['2', 'user'],
      ['3', 'bot'],
    ]);
    expect(s.quickReplies).toEqual([{ label: 'Annuler', value: 'annuler' }]);
    expect(s.flow).toBe('booking');
    expect(s.pending).toBe(false);
  });

  it('keeps the conversation’s order over several messages, a booking and staff pushes', async () => {
    const at = '2026-11-22T08:00:00Z';
    const m = (id: string, sender: ChatMessage['sender'], text: string): ChatMessage => ({ id, text, sender, timestamp: at });
    useChat.setState({ sessionId: 's1', loaded: true, messages: [m('1', 'bot', 'Bonjour')] });
    const turns: [ChatMessage, ChatMessage[]][] = [
      [m('2', 'user', 'je veux réserver'), [m('3', 'bot', 'Votre nom ?')]],
      [m('4', 'user', 'Amine'), [m('5', 'bot', 'Enchanté.'), m('6', 'bot', 'Votre e-mail ?')]],
      [m('7', 'user', 'oui'), [m('8', 'bot', 'C’est noté.'), m('9', 'bot', 'Confirmation envoyée.')]],
      // Staff hold the conversation: Dota is quiet, the answer comes on the stream.
      [m('10', 'user', 'une question'), []],
    ];
    for (const [sent, answers] of turns) {
      fetchMock.mockResolvedValueOnce(json(200, { user_message: sent, messages: answers, step: 'greeting', quick_replies: [] }));
      expect(await useChat.getState().send(sent.text, 'fr')).toBe(true);
    }
    useChat.getState().receive({ message: { ...m('11', 'staff', 'Bonjour, Karim ici.'), author: 'Karim' }, handoff: { state: 'staff', agent: 'Karim' } });
    expect(useChat.getState().messages.map((x) => x.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it('places the visitor’s message before a push that came while it was on its way', async () => {
    useChat.setState({ sessionId: 's1', loaded: true, messages: [{ ...greeting, id: '1' }] });
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const sending = useChat.getState().send('bonjour', 'fr');
    const staff: ChatMessage = { id: '3', text: 'Karim ici.', sender: 'staff', author: 'Karim', timestamp: '2026-11-22T08:00:03Z' };
    useChat.getState().receive({ message: staff, handoff: { state: 'staff', agent: 'Karim' } });
    answer(json(200, { user_message: { id: '2', text: 'bonjour', sender: 'user', timestamp: '2026-11-22T08:00:02Z' }, messages: [], step: 'greeting' }));
    expect(await sending).toBe(true);
    expect(useChat.getState().messages.map((x) => [x.id, x.sender])).toEqual([
      ['1', 'bot'],
      ['2', 'user'],
      ['3', 'staff'],
    ]);
  });

  it('reports a down chat and lets the visitor try again', async () => {
    useChat.setState({ sessionId: 's1', loaded: true, messages: [greeting] });
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'unavailable', message: 'down' } }));
    expect(await useChat.getState().send('bonjour', 'fr')).toBe(false);
    expect(useChat.getState().problem).toBe('unavailable');
    expect(useChat.getState().messages).toEqual([greeting]);
    expect(useChat.getState().pending).toBe(false);
  });

  it('follows the server to a new conversation', async () => {
    useChat.setState({ sessionId: 's1', loaded: true, messages: [{ ...greeting, id: '1' }, { ...greeting, id: '2', sender: 'user', text: 'hier' }] });
    // The new conversation: its greeting (1), the visitor's message (2), Dota's answer (3).
    fetchMock.mockResolvedValueOnce(
      json(200, {
        session_id: 's2',
        new_session: true,
        user_message: { id: '2', text: 'salut', sender: 'user', timestamp: '2026-11-22T09:00:01Z' },
        messages: [
          { ...greeting, id: '1' },
          { id: '3', text: 'Que puis-je faire ?', sender: 'bot', timestamp: '2026-11-22T09:00:02Z' },
        ],
        step: 'greeting',
      }),
    );
    await useChat.getState().send('salut', 'fr');
    expect(useChat.getState().sessionId).toBe('s2');
    expect(useChat.getState().messages.map((m) => [m.sender, m.text])).toEqual([
      ['bot', greeting.text],
      ['user', 'salut'],
      ['bot', 'Que puis-je faire ?'],
    ]);
    expect(localStorage.getItem(SESSION_KEY)).toBe('s2');
  });

  it('listens to the conversation’s stream only once the server keeps it: after the visitor’s first message', async () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        constructor(url: string) {
          opened.push(url);
        }
        addEventListener() {}
        close() {}
      },
    );
    fetchMock.mockResolvedValueOnce(json(201, { session_id: 's1', messages: [greeting], step: 'greeting', quick_replies: [] }));
    await useChat.getState().ensureSession('fr');
    useChat.getState().listen()();
    expect(opened).toEqual([]);
    fetchMock.mockResolvedValueOnce(json(200, { session_id: 's1', messages: [{ ...greeting, id: '3' }], step: 'greeting' }));
    expect(await useChat.getState().send('bonjour', 'fr')).toBe(true);
    useChat.getState().listen()();
    expect(opened).toEqual(['/api/chat/sessions/s1/stream?after=3']);

    // A conversation read back after a reload is kept: its stream opens at once.
    useChat.setState({ ...initial, sessionId: 'kept', messages: [], loaded: false });
    fetchMock.mockResolvedValueOnce(json(200, { session_id: 'kept', messages: [greeting], step: 'greeting' }));
    await useChat.getState().ensureSession('fr');
    useChat.getState().listen()();
    expect(opened).toHaveLength(2);
  });

  it('merges messages by id', () => {
    const a = { ...greeting, id: 'a' };
    const b = { ...greeting, id: 'b' };
    expect(mergeMessages([a], [a, b]).map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('messages pushed by staff', () => {
  const msg = (id: string, sender: ChatMessage['sender'] = 'bot'): ChatMessage => ({ id, text: `m${id}`, sender, timestamp: '2026-11-24T09:00:00Z' });

  it('keeps the conversation in order, once each, the visitor’s unsent message last', () => {
    const merged = mergeMessages([msg('1'), msg('2', 'user'), msg('local-1', 'user')], [msg('4', 'staff'), msg('3'), msg('2', 'user')]);
    expect(merged.map((m) => m.id)).toEqual(['1', '2', '3', '4', 'local-1']);
  });

  it('follows the hand-off: staff holding it, then Dota back', () => {
    useChat.setState({ ...initial, messages: [msg('1')], quickReplies: [{ label: 'Oui', value: 'Oui', kind: 'message' }] });
    useChat.getState().receive({ message: { ...msg('2', 'staff'), author: 'Karim' }, handoff: { state: 'staff', agent: 'Karim' } });
    expect(useChat.getState().handoff).toEqual({ state: 'staff', agent: 'Karim' });
    expect(useChat.getState().quickReplies).toEqual([]);
    useChat.getState().receive({ message: msg('2', 'staff'), handoff: { state: 'staff', agent: 'Karim' } });
    expect(useChat.getState().messages.map((m) => m.id)).toEqual(['1', '2']);
    useChat.getState().receive({ message: msg('3'), handoff: { state: 'ended' } });
    expect(useChat.getState().handoff).toBeNull();
  });

  it('takes the quick replies an event brings: a waitlist offer’s Accept / Decline', () => {
    useChat.setState({ ...initial, messages: [msg('1')], quickReplies: [{ label: 'Oui', value: 'Oui', kind: 'message' }] });
    const offer = [
      { label: 'Accepter', value: 'accepter', kind: 'message' as const },
      { label: 'Décliner', value: 'décliner', kind: 'message' as const },
    ];
    useChat.getState().receive({ message: msg('2'), handoff: null, quick_replies: offer });
    expect(useChat.getState().quickReplies).toEqual(offer);
    expect(useChat.getState().messages.map((m) => m.id)).toEqual(['1', '2']);

    // An event without them keeps what is offered; one with an empty list clears it.
    useChat.getState().receive({ message: msg('3'), handoff: null });
    expect(useChat.getState().quickReplies).toEqual(offer);
    useChat.getState().receive({ message: msg('4'), handoff: null, quick_replies: [] });
    expect(useChat.getState().quickReplies).toEqual([]);
  });

  it('sends the chosen quick reply of a pushed offer as the visitor’s message', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    useChat.setState({ ...initial, sessionId: 's1', loaded: true, messages: [msg('1')] });
    useChat.getState().receive({
      message: msg('2'),
      handoff: null,
      quick_replies: [{ label: 'Accept', value: 'accept', kind: 'message' }],
    });
    fetchMock.mockResolvedValueOnce(
      json(200, {
        user_message: { id: '3', text: 'accept', sender: 'user', timestamp: '2026-11-24T09:01:00Z' },
        messages: [{ id: '4', text: 'Booked.', sender: 'bot', timestamp: '2026-11-24T09:01:01Z' }],
        step: 'greeting',
        quick_replies: [],
      }),
    );
    const value = useChat.getState().quickReplies[0]!.value;
    expect(await useChat.getState().send(value, 'en')).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ text: 'accept', lang: 'en' });
    expect(useChat.getState().quickReplies).toEqual([]);
    expect(useChat.getState().messages.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    vi.unstubAllGlobals();
  });
});
