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

async function ensureLanguage(lng: string): Promise<void> {
  const load = LOADERS[lng];
  if (!load || loaded.has(lng)) return;
  loaded.add(lng);
  try {
    i18n.addResourceBundle(lng, 'shell', await load(), true, true);
    // Re-emit languageChanged so mounted components render the new strings.
    if (i18n.language === lng) await i18n.changeLanguage(lng);
  } catch (error) {
    loaded.delete(lng);
    console.warn(`[shell] Übersetzungen (${lng}) konnten nicht geladen werden`, error);
  }
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
  void ensureLanguage(lng);
});
void ensureLanguage(i18n.language);

/** `t` of the shell namespace. */
export const useShellT = () => useT('shell');
