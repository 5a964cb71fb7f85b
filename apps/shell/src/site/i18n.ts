// The public site's translations without i18next (its build puts this module in place of
// ../i18n/shell-i18n): the shell's German strings are bundled, French and Italian are loaded when
// chosen. Same keys, `{{var}}` interpolation and `_one`/`_other` plurals as i18next.
import { useSyncExternalStore } from 'react';
import type { Language } from '@zunft/contracts';
import { de } from '../i18n/de';
import type { DeepPartialStrings } from '../i18n/types';

export const LANGUAGE_KEY = 'zunft.language';
export const UI_LANGUAGES: readonly Language[] = ['de', 'fr', 'it'];

type Tree = { readonly [key: string]: string | Tree | undefined };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'de';
  } catch {
    return 'de';
  }
}

const LOADERS: Record<string, () => Promise<DeepPartialStrings>> = {
  fr: () => import('../i18n/fr').then((m) => m.fr),
  it: () => import('../i18n/it').then((m) => m.it),
};
const bundles: Partial<Record<Language, Tree>> = { de: de as unknown as Tree };
let language: Language = storedLanguage();
/** Bumped whenever the visible strings change (language switch, bundle arrived). */
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  applyDocumentMeta();
  listeners.forEach((l) => l());
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** i18next's `t` for the shell namespace: current language, else German, else the key. */
export function translate(key: string, vars: Record<string, unknown> = {}, lng: Language = language): string {
  const trees = [bundles[lng], bundles.de];
  let text: string | undefined;
  if (typeof vars['count'] === 'number') {
    const form = new Intl.PluralRules(lng).select(vars['count']);
    for (const tree of trees) {
      text = lookup(tree, `${key}_${form}`) ?? lookup(tree, `${key}_other`) ?? lookup(tree, key);
      if (text !== undefined) break;
    }
  } else {
    for (const tree of trees) {
      text = lookup(tree, key);
      if (text !== undefined) break;
    }
  }
  if (text === undefined) return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Loads French or Italian once; resolves when the strings are there (or failed). */
export async function ensureShellLanguage(lng: string): Promise<void> {
  const load = LOADERS[lng];
  if (!load || !isLanguage(lng) || bundles[lng]) return;
  try {
    bundles[lng] = (await load()) as Tree;
    if (lng === language) changed();
  } catch (error) {
    console.warn(`[site] Übersetzungen (${lng}) konnten nicht geladen werden`, error);
  }
}

export function currentLanguage(): Language {
  return language;
}

/** Switches the language; `remember` keeps it for the next visit (also for the full app). */
export function setLanguage(next: Language, remember = false): void {
  if (remember) {
    try {
      window.localStorage.setItem(LANGUAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === language) return;
  language = next;
  changed();
  void ensureShellLanguage(next);
}

/** <title> and meta description in the current language (index.html carries the German ones). */
export function applyDocumentMeta(): void {
  if (typeof document === 'undefined') return;
  document.title = translate('meta.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', translate('meta.description'));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** `const { t } = useShellT()`: re-renders on a language switch. */
export function useShellT() {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return { t: translate, i18n: { language } };
}

/** Starts loading the stored language's strings (fr/it) right away. */
export function initSiteLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (language !== 'de') void ensureShellLanguage(language);
  else applyDocumentMeta();
}
