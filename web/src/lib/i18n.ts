// Interface language: French by default, English and Arabic complete. Each
// language's texts are a separate chunk fetched when that language is used.
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from './api';

/** Languages the interface offers, in switcher order. */
export const SUPPORTED_LANGUAGES = ['fr', 'en', 'ar'] as const;
/** One of the supported languages. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Language of a first visit and of any missing text. */
export const DEFAULT_LANGUAGE: Language = 'fr';
/** localStorage key that remembers the visitor's choice. */
export const STORAGE_KEY = 'lang';

/** Reports whether value names a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Text direction of a language. */
export function directionOf(lang: string): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

// One lazy loader per locale file; Vite emits each as its own chunk.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no ${namespace} texts for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

function storedLanguage(): Language | null {
  // A link such as /services?lang=en (hreflang alternates, the sitemap) picks the language.
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(asked)) return asked;
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage disabled
  }
}

function applyLanguage(lang: string): void {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  setRequestLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

let ready: Promise<typeof i18n> | null = null;

/** Starts i18next once with the remembered language; resolves when its texts are loaded. */
export function initI18n(): Promise<typeof i18n> {
  if (!ready) {
    i18n.on('languageChanged', applyLanguage);
    ready = i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: storedLanguage() ?? DEFAULT_LANGUAGE,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...SUPPORTED_LANGUAGES],
        ns: ['common'],
        defaultNS: 'common',
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
      })
      .then(() => i18n);
  }
  return ready;
}

/** Switches the interface language (loads its texts first). */
export async function setLanguage(lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
}

export default i18n;
