// The interface's languages and the visitor's choice, without i18next, so that the
// boot script (main.tsx) can read them before the app's code is loaded. The languages
// are the site's (routes.json), which the server reads too.
import { contract } from './contract';

/** One of the supported languages (SUPPORTED_LANGUAGES). */
export type Language = string;
/** Languages the interface offers, in switcher order. */
export const SUPPORTED_LANGUAGES: readonly Language[] = contract.languages;
/** Language of a first visit and of any missing text. */
export const DEFAULT_LANGUAGE: Language = contract.defaultLanguage;
/** localStorage key that remembers the visitor's choice, and the cookie that tells the server. */
export const STORAGE_KEY = contract.languageCookie;

/** Reports whether value names a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && SUPPORTED_LANGUAGES.includes(value);
}

/** Text direction of a language. */
export function directionOf(lang: string): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** The language the visitor asked for (?lang=) or chose before, if any. */
export function storedLanguage(): Language | null {
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
