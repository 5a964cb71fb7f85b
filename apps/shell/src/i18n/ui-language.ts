import type { Language, SessionUser } from '@zunft/contracts';
import { currentLanguage, i18n, isLanguage, setLanguage } from '@zunft/web-common';
import { ensureShellLanguage } from './shell-i18n';

type LanguageSource = Partial<Pick<SessionUser, 'language' | 'companyLanguage'>> | null | undefined;

/** The first of the browser's languages (`fr-CH`, `it`, …) the app speaks, or null. */
export function browserLanguage(languages: readonly string[]): Language | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * The UI language of a signed-in user (issue 15): the user's own language, else the company's,
 * else the browser's; null when none of them is de, fr or it (the current language stays).
 */
export function pickUiLanguage(user: LanguageSource, browser: readonly string[]): Language | null {
  if (isLanguage(user?.language)) return user.language;
  if (isLanguage(user?.companyLanguage)) return user.companyLanguage;
  return browserLanguage(browser);
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** Switches the UI to the user's language (see pickUiLanguage) and answers the language in use. */
export function applyUserLanguage(user: LanguageSource): Language {
  const language = pickUiLanguage(user, navigatorLanguages());
  if (language) setLanguage(language);
  return language ?? currentLanguage();
}

/**
 * A shell text in the signed-in user's language, once its strings are loaded: the toast right after
 * login or registration is shown in the user's language, not in the one of the login page.
 */
export async function textForUser(user: LanguageSource, key: string): Promise<string> {
  const language = applyUserLanguage(user);
  await ensureShellLanguage(language);
  return i18n.t(key, { ns: 'shell', lng: language });
}
