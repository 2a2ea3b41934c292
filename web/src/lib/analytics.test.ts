import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The third-party tag, configured (VITE_ANALYTICS_ID), must never hear of a page whose
// address is a secret: a manage link's token.
describe('analytics and private pages', () => {
  const tagScripts = () => document.head.querySelectorAll('script[src*="googletagmanager"]').length;
  const dataLayer = () => (window as unknown as { dataLayer?: unknown[] }).dataLayer;

  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('VITE_ANALYTICS_ID', 'G-TEST');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    window.history.replaceState({}, '', '/');
  });

  it('names the private addresses', async () => {
    const { isPrivatePath } = await import('./analytics');
    expect(isPrivatePath('/manage/abc')).toBe(true);
    expect(isPrivatePath('/manage')).toBe(true);
    expect(isPrivatePath('/management-tips')).toBe(false);
    expect(isPrivatePath('/rendez-vous')).toBe(false);
  });

  it('loads the tag on an ordinary page', async () => {
    window.history.replaceState({}, '', '/services');
    const { trackPageView } = await import('./analytics');
    trackPageView('/services', 'Services');
    expect(tagScripts()).toBe(1);
    expect(dataLayer()).toContainEqual(['event', 'page_view', { page_path: '/services', page_title: 'Services' }]);
  });

  it('never loads it on a manage page, nor afterwards in the same document', async () => {
    window.history.replaceState({}, '', '/manage/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo');
    const { track, trackPageView } = await import('./analytics');
    trackPageView('/manage', 'Votre rendez-vous');
    track('social_media_click', { network: 'whatsapp', place: 'floating' });
    window.history.pushState({}, '', '/rendez-vous');
    trackPageView('/rendez-vous', 'Rendez-vous');
    expect(tagScripts()).toBe(0);
    expect(dataLayer()).toBeUndefined();
    // The first-party count still happens, without any address.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(init?.body)).not.toContain('manage');
  });
});
