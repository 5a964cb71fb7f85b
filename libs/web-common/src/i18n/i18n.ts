import i18next, { type i18n as I18nInstance, type Resource } from 'i18next';
import type { Language } from '@zunft/contracts';
import { UI_LANGUAGES as LANGUAGES } from '../constants';
import { commonTranslations } from './common.translations';

export const LANGUAGE_KEY = 'zunft.language';
export type TranslationTree = { readonly [key: string]: string | TranslationTree };
export type Translations = { de: TranslationTree; fr?: TranslationTree; it?: TranslationTree };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'de';
  } catch {
    return 'de';
  }
}

const resources: Resource = {
  de: { common: commonTranslations.de },
  fr: { common: commonTranslations.fr },
  it: { common: commonTranslations.it },
};

/** The one i18next instance of the page (shared singleton through Module Federation). */
export const i18n: I18nInstance = i18next.createInstance();
void i18n.init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'de',
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

// `<html lang>` follows every language change, however it is made (screen readers; ui-kit's
// zodRule reads it to translate a form's validation message, as ui-kit may not import this lib).
// init() above ran synchronously (its languageChanged came before this listener), hence the first call.
function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined' && isLanguage(lng)) document.documentElement.lang = lng;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Adds (or extends) a namespace. German is required; a missing fr/it falls back to German.
 * Remotes call this once at module load: `registerTranslations('admin', { de, fr, it })`.
 */
export function registerTranslations(ns: string, translations: Translations): void {
  for (const lng of LANGUAGES) {
    const bundle = translations[lng];
    if (bundle) i18n.addResourceBundle(lng, ns, bundle, true, true);
  }
}

/** Switches the UI language; `remember` keeps the choice for the next visit (public pages). */
export function setLanguage(language: Language, remember = false): void {
  if (remember) {
    try {
      window.localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'de';
}
