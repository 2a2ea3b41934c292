import { hydrate } from '@tanstack/query-core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentQueries } from '../features/site/api/catalogue';
import { useService, useServices } from '../features/site/hooks/useCatalogue';
import { contract, paramsOf } from '../lib/contract';
import { initI18n, setLanguage } from '../lib/i18n';
import { PAGE_DATA_ID, resetPageData } from '../lib/pageData';
import { createQueryClient, QueryProvider } from '../lib/query';
import { loaders, loadRoute } from './loaders';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const service = { slug: 'bots-ia', name: 'Bots IA' };

describe('route loaders', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeAll(async () => {
    await initI18n();
    await setLanguage('fr');
  });

  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      const path = new URL(url, 'http://site.test').pathname;
      if (path === '/api/services') return json({ items: [service] });
      if (path === '/api/services/bots-ia') return json(service);
      if (path === '/api/site') return json({ site_name: 'Dota', maintenance_mode: false });
      return json({ items: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    resetPageData();
  });

  const asked = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

  it('read the params of a pattern from a path', () => {
    expect(paramsOf('/services/:serviceSlug', '/services/bots-ia')).toEqual({ serviceSlug: 'bots-ia' });
    expect(paramsOf('/projects/:projectId', '/projects/caf%C3%A9')).toEqual({ projectId: 'café' });
    expect(paramsOf('/services', '/services')).toEqual({});
    expect(paramsOf('/services/:serviceSlug', '/services')).toBeNull();
    expect(paramsOf('/services/:serviceSlug', '/projects/x')).toBeNull();
  });

  it('are named for prerendered routes of the site only', () => {
    const patterns = contract.routes.filter((r) => r.page).map((r) => r.pattern);
    for (const pattern of Object.keys(loaders)) expect(patterns).toContain(pattern);
  });

  it("fill the cache the page's screens read: each request is sent once", async () => {
    const client = createQueryClient();
    loadRoute(client, '/services', {}, 'fr');
    // The frame's services and the page's are the same list: asked once.
    expect(asked()).toEqual(['/api/site', '/api/services']);
    function Screen() {
      const { data } = useServices('name');
      return <p>{data?.map((s) => s.name).join(', ')}</p>;
    }
    const root = document.createElement('div');
    await act(async () =>
      createRoot(root).render(
        <QueryProvider client={client}>
          <Screen />
        </QueryProvider>,
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(root.textContent).toBe('Bots IA');
    expect(asked()).toEqual(['/api/site', '/api/services']);
  });

  it('take the service the page was sent with from the cache, without asking for it', async () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = PAGE_DATA_ID;
    el.textContent = JSON.stringify({ lang: 'fr', service });
    document.body.appendChild(el);
    const client = createQueryClient();
    hydrate(client, sentQueries());
    loadRoute(client, '/services/:serviceSlug', { serviceSlug: 'bots-ia' }, 'fr');
    expect(asked()).not.toContain('/api/services/bots-ia');
    function Screen() {
      const { data, loading } = useService('bots-ia');
      return <p>{loading ? 'loading' : data?.name}</p>;
    }
    const root = document.createElement('div');
    await act(async () =>
      createRoot(root).render(
        <QueryProvider client={client}>
          <Screen />
        </QueryProvider>,
      ),
    );
    expect(root.textContent).toBe('Bots IA');
    expect(asked()).not.toContain('/api/services/bots-ia');
  });
});
