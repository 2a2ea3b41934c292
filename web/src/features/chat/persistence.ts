// Where the chat widget keeps its state between pages and reloads. Apart from the store,
// so that the boot script can read it without loading the widget.

/** localStorage key of the conversation id, so it survives reloads. */
export const SESSION_KEY = 'dota-chat-session';
/** sessionStorage key remembering that the panel was open. */
export const OPEN_KEY = 'dota-chat-open';

/** The browser's storage of that kind, or null when storage is disabled. */
export function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the panel was open before this page (a reload, or the previous page). */
export function panelWasOpen(): boolean {
  return storage('session')?.getItem(OPEN_KEY) === '1';
}

/** Query parameter of the link an e-mailed staff answer carries: it reopens that conversation. */
export const RESUME_PARAM = 'chat';

/** The token of a link back to a conversation in this page's address, if any. */
export function resumeToken(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(RESUME_PARAM) || null;
}

/**
 * Removes the link's token from the address once read: the page's address, its history
 * entry and any referrer then no longer carry it.
 */
export function forgetResumeToken(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(RESUME_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
