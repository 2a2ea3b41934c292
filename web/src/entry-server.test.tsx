import { describe, expect, it } from 'vitest';
import { renderPage, servedRoutes } from './entry-server';

describe('prerenderer', () => {
  it('lists the routes the server serves, in the router order', () => {
    const routes = servedRoutes();
    expect(routes[0]).toMatchObject({ pattern: '/admin/*', prerendered: false });
    expect(routes.find((r) => r.pattern === '/')).toMatchObject({ prerendered: true, status: 200, dataFirst: false });
    expect(routes.find((r) => r.pattern === '/services/:serviceSlug')).toMatchObject({ prerendered: true, dataFirst: true });
    expect(routes.at(-1)).toMatchObject({ pattern: '/*', prerendered: true, status: 404 });
  });

  it('renders a page whole, in its language, with its head', async () => {
    const page = await renderPage('/services', 'ar');
    expect(page.html).toContain('<h1>');
    expect(page.html).not.toMatch(/<!--\$[?!]|<script/);
    expect(page.head?.title).toMatch(/Dota$/);
    expect(page.head?.canonical).toBe('http://origin.dota.invalid/services?lang=ar');
    expect(page.modules).toEqual(['src/features/site/pages/ServicesPage.tsx']);
    expect(page.namespaces).toEqual(expect.arrayContaining(['common', 'site']));
  });

  it('renders the not-found page for any other path', async () => {
    const page = await renderPage('/not-found', 'fr');
    expect(page.html).toContain('Oops! Page not found');
    expect(page.head?.names).toContainEqual(['robots', 'noindex']);
  });
});
