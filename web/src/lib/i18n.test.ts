import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../locales/fr/common.json';
import en from '../locales/en/common.json';
import ar from '../locales/ar/common.json';
import i18n, { STORAGE_KEY, directionOf, initI18n, setLanguage } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n', () => {
  beforeAll(async () => {
    localStorage.clear();
    await initI18n();
  });

  it('starts in French, left to right', () => {
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('nav.appointment')).toBe('Rendez-vous');
  });

  it('switches to Arabic right to left and remembers it', async () => {
    await setLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('ar');
    expect(i18n.t('nav.services')).toBe('الخدمات');
  });

  it('goes back to left to right for English', async () => {
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('en');
    expect(i18n.t('nav.book')).toBe('Book Appointment');
  });

  it('gives the direction of each language', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });

  it('has the same keys in every language', () => {
    const expected = keys(fr).sort();
    expect(keys(en).sort()).toEqual(expected);
    expect(keys(ar).sort()).toEqual(expected);
  });
});
