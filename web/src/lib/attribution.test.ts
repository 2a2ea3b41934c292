import { beforeEach, describe, expect, it } from 'vitest';
import { captureVisit, currentAttribution, landingOf, touchOf } from './attribution';

const now = new Date('2026-11-27T10:00:00Z');

describe('attribution', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads the campaign parameters, click ids and an outside referrer', () => {
    const t = touchOf(new URL('https://dota.dz/services/web?utm_source=facebook&utm_campaign=ramadan&fbclid=IwA1&x=1'),
      'https://l.facebook.com/some/page', now);
    expect(t).toEqual({ utm_source: 'facebook', utm_campaign: 'ramadan', fbclid: 'IwA1', referrer: 'l.facebook.com',
      landing: '/services/web', at: now.toISOString() });
  });

  it('sees no touch in a page reached from the site itself, and keeps tokens out of the landing', () => {
    expect(touchOf(new URL('https://dota.dz/contact'), 'https://dota.dz/', now)).toBeNull();
    expect(landingOf('/manage/abc123secret')).toBe('/manage/:token');
    expect(landingOf('/services/web')).toBe('/services/web');
  });

  it('keeps the first touch of a visit and moves its last one on a new campaign', () => {
    const a = captureVisit('https://dota.dz/?utm_source=facebook&utm_campaign=ramadan', '', now);
    expect(a.first).toBe(true);
    expect(a.attribution.first?.utm_source).toBe('facebook');
    const b = captureVisit('https://dota.dz/contact', 'https://dota.dz/', now);
    expect(b.first).toBe(false);
    expect(b.attribution.last?.utm_source).toBe('facebook');
    captureVisit('https://dota.dz/services?utm_source=google&gclid=Cj0', '', now);
    expect(currentAttribution()?.first?.utm_source).toBe('facebook');
    expect(currentAttribution()?.last).toMatchObject({ utm_source: 'google', gclid: 'Cj0' });
  });

  it('records a direct visit by its landing page', () => {
    const a = captureVisit('https://dota.dz/about', '', now);
    expect(a.attribution.first).toEqual({ landing: '/about', at: now.toISOString() });
  });
});
