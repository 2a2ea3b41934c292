import { api, setCsrfToken } from '../../../lib/api';
import type { AdminUser, Me, PageKey } from './types';
import type { Schemas } from '../../../lib/schemas';

/** The pages this app has a screen for (the server sends their order, in the menu). */
const KNOWN_PAGES: Record<PageKey, true> = {
  dashboard: true,
  conversations: true,
  'canned-replies': true,
  appointments: true,
  waitlist: true,
  'new-appointment': true,
  clients: true,
  projects: true,
  notifications: true,
  messages: true,
  users: true,
  settings: true,
  ops: true,
};

/** Reads a page entry of /me, given as a key, a path or an object with one of those. */
export function pageKeyOf(entry: unknown): PageKey | null {
  let raw: unknown = entry;
  if (typeof entry === 'object' && entry !== null) {
    const record = entry as Record<string, unknown>;
    raw = record.key ?? record.id ?? record.page ?? record.path ?? record.name;
  }
  if (typeof raw !== 'string') return null;
  const key = raw.replace(/^\/?admin\//, '').replace(/^\//, '');
  return Object.hasOwn(KNOWN_PAGES, key) ? (key as PageKey) : null;
}

/** One entry of the console's menu: a page and its label in the request's language. */
export type MenuItem = Schemas['MenuItem'];

/** What /me says: the user, their pages (in menu order), their menu, permissions and CSRF token. */
export type Profile = Me & { menu: MenuItem[] };

/** Reads the menu of /me: its entries for known pages, in the server's order. */
function menuOf(value: unknown): MenuItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const page = pageKeyOf(entry);
    const label = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).label : undefined;
    return page && typeof label === 'string' ? [{ page, label }] : [];
  });
}

function normalizeMe(body: Record<string, unknown>): Profile {
  const pages = Array.isArray(body.pages) ? body.pages.map(pageKeyOf).filter((p): p is PageKey => p !== null) : [];
  const user = body.user as AdminUser;
  const permissions = Array.isArray(body.permissions)
    ? (body.permissions as string[])
    : Array.isArray(user?.permissions)
      ? user.permissions
      : [];
  const csrf = typeof body.csrf_token === 'string' ? body.csrf_token : '';
  const menu = menuOf(body.menu);
  return { user: { ...user, permissions: Array.isArray(user?.permissions) ? user.permissions : [] }, pages, menu, permissions, csrf_token: csrf };
}

/** The signed-in user, their pages, menu and permissions; remembers the CSRF token. */
export async function fetchMe(): Promise<Profile> {
  const me = normalizeMe(await api.get<Record<string, unknown>>('/api/admin/me'));
  if (me.csrf_token) setCsrfToken(me.csrf_token);
  return me;
}

/** Changes the signed-in user's display name (empty: back to the default); returns the new profile. */
export async function updateDisplayName(displayName: string): Promise<Profile> {
  return normalizeMe(await api.patch<Record<string, unknown>>('/api/admin/me', { display_name: displayName }));
}

/** Signs in; the server sets the session cookie. */
export async function login(email: string, password: string): Promise<void> {
  const body = await api.post<{ csrf_token?: string }>('/api/admin/login', { email, password });
  if (body?.csrf_token) setCsrfToken(body.csrf_token);
}

/** Signs out and forgets the CSRF token. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/admin/logout');
  } finally {
    setCsrfToken(null);
  }
}
