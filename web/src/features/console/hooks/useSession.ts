import { useMutation } from '@tanstack/react-query';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api';
import * as session from '../api/session';
import type { MenuItem } from '../api/session';
import type { AdminUser, PageKey } from '../api/types';

/** Where the session stands. */
export type SessionStatus = 'unknown' | 'loading' | 'signed-in' | 'signed-out' | 'error';

/** The signed-in staff member, as the server describes them. */
export interface SessionState {
  status: SessionStatus;
  user: AdminUser | null;
  /** The pages the user may open, in menu order. */
  pages: PageKey[];
  /** The menu: the user's pages in order, with their labels in the request's language. */
  menu: MenuItem[];
  permissions: string[];
  /** Asks the server who is signed in (at load, after login, and for the menu in a new language). */
  load: () => Promise<void>;
  /** Signs in, then loads the session; rejects with the server's error. */
  login: (email: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Forgets the session after the server answered 401. */
  expire: () => void;
  /** Saves the user's display name; rejects with the server's error. */
  setDisplayName: (name: string) => Promise<void>;
}

const signedOut = (): Partial<SessionState> => ({ status: 'signed-out', user: null, pages: [], menu: [], permissions: [] });

/** Store of the console session; the server is the source of truth. */
export const useSession = create<SessionState>()((set, get) => ({
  status: 'unknown',
  user: null,
  pages: [],
  menu: [],
  permissions: [],
  async load() {
    if (get().status === 'unknown') set({ status: 'loading' });
    try {
      const me = await session.fetchMe();
      set({ status: 'signed-in', user: me.user, pages: me.pages, menu: me.menu, permissions: me.permissions });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        set(signedOut());
      } else {
        set({ status: 'error' });
      }
    }
  },
  async login(email, password) {
    await session.login(email, password);
    await get().load();
    if (get().status !== 'signed-in') throw new Error('session not established');
  },
  async setDisplayName(name) {
    const me = await session.updateDisplayName(name);
    set({ user: me.user });
  },
  async logout() {
    try {
      await session.logout();
    } finally {
      set(signedOut());
    }
  },
  expire() {
    set(signedOut());
  },
}));

/** The first page the user may open (the server lists them in menu order), or the dashboard. */
export function landingPath(pages: PageKey[]): string {
  return `/admin/${pages[0] ?? 'dashboard'}`;
}

/** Where a forbidden page sends the user: the spec's target if allowed, else the first allowed page. */
export function forbiddenTarget(page: PageKey, pages: PageKey[]): string {
  const wanted: PageKey = page === 'dashboard' ? 'appointments' : page === 'new-appointment' ? 'appointments' : 'dashboard';
  if (pages.includes(wanted)) return `/admin/${wanted}`;
  const first = pages.find((p) => p !== page);
  return first ? `/admin/${first}` : '/admin/login';
}

/** Whether the signed-in user may do an action (the server's permissions list decides). */
export function useCan(action: string): boolean {
  return useSession((s) => s.permissions.includes(action));
}

/** Signs in and reads the session (the store holds it). */
export function useLoginMutation() {
  const login = useSession((s) => s.login);
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => login(email, password) });
}

/** Changes the signed-in member's display name (the store holds the new profile). */
export function useDisplayNameMutation() {
  return useMutation({ mutationFn: useSession((s) => s.setDisplayName) });
}
