// Data the server put in the page it sent, for the page's first screen: a page the
// server draws with its data (pages/service.go) carries what it drew as
// <script type="application/json" id="page-data">{"lang": …, "<name>": …}</script>, so
// that the app takes over the same markup without asking for it again. The element is
// data, never run: the Content-Security-Policy (no inline scripts) holds.

/** The id of the element holding the page's data. */
export const PAGE_DATA_ID = 'page-data';

let sent: Record<string, unknown> | null | undefined;

function read(): Record<string, unknown> | null {
  if (sent !== undefined) return sent;
  sent = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (text) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) sent = value as Record<string, unknown>;
    } catch {
      // A page without usable data: its screens ask the API, as after any navigation.
    }
  }
  return sent;
}

/** The page's data called name, when the server sent it in lang; otherwise undefined. */
export function pageData<T>(name: string, lang: string | undefined): T | undefined {
  const data = read();
  if (!data || data.lang !== lang || !(name in data)) return undefined;
  return data[name] as T;
}

/** Forgets what was read (tests). */
export function resetPageData(): void {
  sent = undefined;
}
