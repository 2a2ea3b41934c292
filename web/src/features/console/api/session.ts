import { api, setCsrfToken } from '../../../lib/api';
import type { AdminUser, Me, PageKey } from './types';

const PAGE_KEYS: readonly PageKey[] = [
  'dashboard',
  'conversations',
  'appointments',
  'waitlist',
  'new-appointment',
  'clients',
  'projects',
  'notifications',
  'messages',
  'users',
  'settings',
  'ops',
];

/** Reads a page entry of /me, given as a key, a path or an object with one of those. */
export function pageKeyOf(entry: unknown): PageKey | null {
  let raw: unknown = entry;
  if (typeof entry === 'object' && entry !== null) {
    const record = entry as Record<string, unknown>;
    raw = record.key ?? record.id ?? record.page ?? record.path ?? record.name;
  }
  if (typeof raw !== 'string') return null;
  const key = raw.replace(/^\/?admin\//, '').replace(/^\//, '');
  return (PAGE_KEYS as readonly string[]).includes(key) ? (key as PageKey) : null;
}

function normalizeMe(body: Record<string, unknown>): Me {
  const pages = Array.isArray(body.pages) ? body.pages.map(pageKeyOf).filter((p): p is PageKey => p !== null) : [];
  const user = body.user as AdminUser;
  const permissions = Array.isArray(body.permissions)
    ? (body.permissions as string[])
    : Array.isArray(user?.permissions)
      ? user.permissions
      : [];
  const csrf = typeof body.csrf_token === 'string' ? body.csrf_token : '';
  return { user: { ...user, permissions: Array.isArray(user?.permissions) ? user.permissions : [] }, pages, permissions, csrf_token: csrf };
}

/** The signed-in user, their pages and permissions; remembers the CSRF token. */
export async function fetchMe(): Promise<Me> {
  const me = normalizeMe(await api.get<Record<string, unknown>>('/api/admin/me'));
  if (me.csrf_token) setCsrfToken(me.csrf_token);
  return me;
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
