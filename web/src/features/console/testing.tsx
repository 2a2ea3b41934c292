// What the console's page tests share: a JSON answer for a stubbed fetch, the console
// rendered at a path with its real routes, and the state a test leaves behind undone.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../../app/App';
import { useSession } from './hooks/useSession';
import type { Settings } from './api/types';

/** A JSON answer, as a stubbed fetch returns it. */
export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Renders the app's routes at path (a console page). */
export function renderConsoleAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

/** Signs the session out and restores fetch: for afterEach. */
export function resetConsole() {
  useSession.setState({ status: 'unknown', user: null, pages: [], permissions: [] });
  vi.unstubAllGlobals();
}

/** The agency's settings as a test's server stores them. */
export const storedSettings: Settings = {
  site_name: 'Dota',
  site_description: 'Agence digitale',
  contact_email: 'contact@dota.dz',
  maintenance_mode: false,
  email_notifications: true,
  timezone: 'Africa/Algiers',
  language: 'fr',
  items_per_page: 10,
  auto_backup: false,
  backup_frequency: 'daily',
  booking_horizon_days: 90,
  reminder_lead_minutes: 1440,
  reconfirm_lead_minutes: 180,
  min_notice_minutes: 120,
  handoff_timeout_seconds: 120,
  waitlist_hold_minutes: 60,
  transcript_retention_days: 180,
  staff_idle_release_minutes: 30,
  follow_up_email: false,
  follow_up_url: '',
  slot_capacity: 1,
  closed_dates: [],
};
