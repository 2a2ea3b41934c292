import { hydrate } from '@tanstack/query-core';
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dehydrated, pageData, PAGE_DATA_ID, resetPageData, sentLanguage } from './pageData';
import { createQueryClient, QueryProvider, useDeferredQuery, type Resource } from './query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function sendPage(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = PAGE_DATA_ID;
  el.textContent = text;
  document.body.appendChild(el);
}

afterEach(() => {
  document.body.innerHTML = '';
  resetPageData();
});

describe('the data a page was sent with', () => {
  it('is given in the language it was sent in only', () => {
    sendPage('{"lang":"ar","service":{"slug":"bots-ia"}}');
    expect(pageData('service', 'ar')).toEqual({ slug: 'bots-ia' });
    expect(pageData('service', 'fr')).toBeUndefined();
    expect(pageData('project', 'ar')).toBeUndefined();
    expect(sentLanguage()).toBe('ar');
  });

  it('is absent from a page sent without it, or with unreadable data', () => {
    expect(pageData('service', 'fr')).toBeUndefined();
    expect(sentLanguage()).toBeUndefined();
    resetPageData();
    sendPage('{"lang":"fr",');
    expect(pageData('service', 'fr')).toBeUndefined();
  });
});

describe('a screen started with the data it was sent', () => {
  const load = vi.fn((id: string) => Promise.resolve(`loaded ${id}`));
  function Screen({ id, sent, seen }: { id: string; sent: boolean; seen: (r: Resource<string>) => void }) {
    const resource = useDeferredQuery({ queryKey: ['screen', id], queryFn: () => load(id), staleTime: 60_000 }, sent);
    seen(resource);
    return null;
  }

  it('shows it at once from the cache it was put in, and loads only when what it shows changes', async () => {
    const client = createQueryClient();
    hydrate(client, dehydrated([[['screen', 'a'], 'sent a']]));
    const seen: Resource<string>[] = [];
    let show: (id: string) => void = () => {};
    function App() {
      const [id, setId] = useState('a');
      show = setId;
      return <Screen id={id} sent={id === 'a'} seen={(r) => seen.push(r)} />;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <QueryProvider client={client}>
          <App />
        </QueryProvider>,
      ),
    );
    expect(seen[0]).toEqual({ data: 'sent a', loading: false, error: null });
    expect(seen.at(-1)?.data).toBe('sent a');
    expect(load).not.toHaveBeenCalled();

    await act(async () => show('b'));
    // The query's answers reach the screen in a later task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(load).toHaveBeenCalledExactlyOnceWith('b');
    expect(seen.at(-1)).toEqual({ data: 'loaded b', loading: false, error: null });
    act(() => root.unmount());
  });
});
