import { i18n, registerTranslations, useT } from '@zunft/web-common';
import { de } from './de';
import type { DeepPartialStrings } from './types';

// German is always there (default and fallback); French and Italian are separate chunks loaded when
// the language is chosen, so the landing page does not download them.
registerTranslations('shell', { de });

const LOADERS: Record<string, () => Promise<DeepPartialStrings>> = {
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
};
const loaded = new Set<string>(['de']);
const loading = new Map<string, Promise<void>>();

/**
 * Loads the shell's French or Italian strings once; resolves when they are there (or failed), so a
 * caller can translate in that language right away (the toast right after login).
 */
export function ensureShellLanguage(lng: string): Promise<void> {
  const load = LOADERS[lng];
  if (!load || loaded.has(lng)) return Promise.resolve();
  let pending = loading.get(lng);
  if (!pending) {
    pending = (async () => {
      try {
        i18n.addResourceBundle(lng, 'shell', await load(), true, true);
        loaded.add(lng);
        // Re-emit languageChanged so mounted components render the new strings.
        if (i18n.language === lng) await i18n.changeLanguage(lng);
      } catch (error) {
        console.warn(`[shell] Übersetzungen (${lng}) konnten nicht geladen werden`, error);
      } finally {
        loading.delete(lng);
      }
    })();
    loading.set(lng, pending);
  }
  return pending;
}

/**
 * <title> and meta description follow the UI language (public/index.html carries the German ones).
 * Runs on every languageChanged, including the re-emit after a lazily loaded bundle arrived.
 */
export function applyDocumentMeta(): void {
  if (typeof document === 'undefined') return;
  document.title = i18n.t('meta.title', { ns: 'shell' });
  document
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', i18n.t('meta.description', { ns: 'shell' }));
}

i18n.on('languageChanged', (lng: string) => {
  applyDocumentMeta();
  void ensureShellLanguage(lng);
});
void ensureShellLanguage(i18n.language);

/** `t` of the shell namespace. */
export const useShellT = () => useT('shell');
