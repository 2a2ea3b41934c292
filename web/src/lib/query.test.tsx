import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, useDeferredQuery } from './query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Services() {
  const { data, loading } = useDeferredQuery({ queryKey: ['services'], queryFn: () => Promise.resolve(['Web', 'Photo']) });
  return <p>{loading ? 'loading' : data?.join(', ')}</p>;
}

describe('a prerendered screen', () => {
  it('is taken over as it was drawn, even when another screen already has its answer', async () => {
    const server = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <Services />
      </QueryClientProvider>,
    );
    expect(server).toBe('<p>loading</p>');

    // In the browser, the footer asked for the same list before the page was hydrated.
    const client = createQueryClient();
    client.setQueryData(['services'], ['Web', 'Photo']);
    const root = document.createElement('div');
    root.innerHTML = server;
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(
        root,
        <QueryClientProvider client={client}>
          <Services />
        </QueryClientProvider>,
        { onRecoverableError },
      );
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(root.textContent).toBe('Web, Photo');
  });
});
