// What the console's page tests share: a JSON answer for a stubbed fetch, the console
// rendered at a path with its real routes, and the state a test leaves behind undone.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../../app/App';
import { useSession } from './hooks/useSession';

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
