// Interface language: French by default, English and Arabic complete. Each
// language's texts are a separate chunk fetched when that language is used.
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from './api';
import { DEFAULT_LANGUAGE, directionOf, isLanguage, STORAGE_KEY, storedLanguage, SUPPORTED_LANGUAGES, type Language } from './language';

export { DEFAULT_LANGUAGE, directionOf, isLanguage, STORAGE_KEY, SUPPORTED_LANGUAGES, type Language };

// One lazy loader per locale file; Vite emits each as its own chunk.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Loads a language's namespace from its chunk (also used by the prerenderer). */
export const lazyLocales: BackendModule = {
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
  // The server sends the next page prerendered in this language.
  document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The warning a missing text raises, which the language walk fails on. */
export const MISSING_TEXT = '[i18n] missing text';

function reportMissing(languages: readonly string[], namespace: string, key: string): void {
  console.warn(`${MISSING_TEXT} ${namespace}:${key} (${languages.join(', ')})`);
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
        // A text asked for and found in no language (or shown from its defaultValue) is
        // a bug: it is reported where the browser tests listen (e2e/languages.test.mjs).
        saveMissing: true,
        missingKeyHandler: reportMissing,
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
