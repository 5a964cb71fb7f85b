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

i18n.on('languageChanged', (lng: string) => void ensureLanguage(lng));
void ensureLanguage(i18n.language);

/** `t` of the shell namespace. */
export const useShellT = () => useT('shell');
