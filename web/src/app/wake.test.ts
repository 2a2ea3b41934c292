import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_KEY } from '../features/chat/persistence';
import type { whenNeeded as WhenNeeded } from './wake';

/** An IntersectionObserver whose entries the test decides. */
class FakeObserver {
  static current: FakeObserver | null = null;
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  show(element: Element, isIntersecting: boolean) {
    this.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('when a prerendered page starts its app', () => {
  let root: HTMLElement;
  let maintenance = false;
  let whenNeeded: typeof WhenNeeded;

  beforeEach(async () => {
    // Fresh modules: the cache one test filled is not another's.
    vi.resetModules();
    ({ whenNeeded } = await import('./wake'));
    maintenance = false;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('fetch', vi.fn(async () => json({ site_name: 'Dota', site_description: '', contact_email: '', maintenance_mode: maintenance })));
    document.body.innerHTML = `<div id="root" data-lang="fr"><h1>Dota</h1><ul id="tiles" aria-busy="true"></ul><input id="q"></div>`;
    root = document.getElementById('root')!;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('waits for the first gesture, and starts once', async () => {
    const start = vi.fn();
    whenNeeded(root, start);
    await flush();
    expect(start).not.toHaveBeenCalled();
    document.getElementById('q')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.dispatchEvent(new Event('scroll'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when a part waiting for data comes into view, not before', async () => {
    const start = vi.fn();
    whenNeeded(root, start);
    const tiles = document.getElementById('tiles')!;
    expect(FakeObserver.current?.observed).toEqual([tiles]);
    FakeObserver.current!.show(tiles, false);
    expect(start).not.toHaveBeenCalled();
    FakeObserver.current!.show(tiles, true);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the chat panel was open before the reload', () => {
    sessionStorage.setItem(OPEN_KEY, '1');
    const start = vi.fn();
    whenNeeded(root, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page is not in the language the visitor chose', () => {
    const start = vi.fn();
    localStorage.setItem('lang', 'fr');
    whenNeeded(root, start);
    expect(start).not.toHaveBeenCalled();
    localStorage.setItem('lang', 'ar');
    whenNeeded(root, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts as soon as it learns the site is in maintenance', async () => {
    maintenance = true;
    const start = vi.fn();
    whenNeeded(root, start);
    expect(start).not.toHaveBeenCalled();
    // The settings are asked into the app's cache (app/load.ts), loaded on demand.
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });
});
