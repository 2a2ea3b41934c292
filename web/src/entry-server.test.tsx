import { describe, expect, it } from 'vitest';
import { contract, renderPage, renderTemplate, servedRoutes } from './entry-server';

describe('prerenderer', () => {
  it('lists the routes the server serves, in its matching order', () => {
    const routes = servedRoutes();
    expect(routes[0]).toMatchObject({ pattern: '/admin/*', prerendered: false });
    expect(routes.find((r) => r.pattern === '/')).toMatchObject({ prerendered: true, page: 'home' });
    expect(routes.find((r) => r.pattern === '/services/:serviceSlug')).toMatchObject({ prerendered: true, dataFirst: true });
    expect(routes.find((r) => r.pattern === '/manage/:token')).toMatchObject({ prerendered: false, private: true });
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
    expect(page.html).toContain('Oups ! Page introuvable');
    expect(page.head?.names).toContainEqual(['robots', 'noindex']);
  });

  it('draws a service page as the template the server fills', async () => {
    const route = contract.routes.find((r) => r.serverDraws === 'service')!;
    const page = await renderTemplate(route, 'fr');
    // The server's fields, and the actions that choose the optional and repeated parts.
    expect(page.html).toContain('<h1>[[.Name]]</h1><p>[[.Description]]</p>');
    expect(page.html).toContain('[[if .Category]]<span class="eyebrow">[[.Category]]</span>[[end]]');
    expect(page.html).toContain('[[if .Tags]]<ul class="tags">[[range .Tags]]<li class="tag">[[.]]</li>[[end]]</ul>[[end]]');
    expect(page.html).toContain('[[if or .Intro .Features]]<div class="service__details">[[if .Intro]]');
    expect(page.html).toContain('<div class="service__block prose">[[.Intro]]</div>[[end]]');
    expect(page.html).toMatch(/<span class="service__icon">\[\[if eq \.Icon `Code`\]\]<svg[^]*\[\[else\]\]<svg[^]*<\/svg>\[\[end\]\]<\/span>/);
    expect(page.html).toContain('<span aria-current="page">[[.Name]]</span>');
    // What the app draws once it has taken the page over is not in it.
    expect(page.html).toContain('<div class="service__rest" aria-busy="true"></div>');
    expect(page.html).not.toContain('service-faq');
    expect(page.head?.title).toBe('[[.Name]] | Dota');
    expect(page.head?.canonical).toBe('http://origin.dota.invalid/services/[[.Slug]]');
    expect(page.head?.jsonLd).toBe('');
    expect(page.modules).toEqual(['src/features/site/pages/ServiceDetailPage.tsx']);
  });

  it('draws every other page without template delimiters', async () => {
    for (const url of ['/', '/services/:serviceSlug']) {
      expect((await renderPage(url, 'en')).html).not.toMatch(/\[\[|\]\]/);
    }
  });
});
