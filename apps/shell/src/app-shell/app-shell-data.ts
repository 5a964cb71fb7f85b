// Types only: apps/shell/rspack.config.ts loads this file with Node's type stripping and passes the
// route table and the catalogues in (it imports them by their .ts paths).
import type { ShellStrings } from '../i18n/de';
import type { ShellTranslation } from '../i18n/types';
import type { RouteDef } from '../routing/route-table';
import type { AppShellData, ShellLanguage } from './app-shell';

export type ShellCatalogues = { de: ShellStrings } & Record<Exclude<ShellLanguage, 'de'>, ShellTranslation>;

/** A 'shell' namespace key ("nav.customers") in one language's catalogue; undefined when missing. */
export function catalogueText(catalogue: object, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/**
 * What the inlined app shell needs, read from the route table and the shell's de/fr/it texts at
 * build time: the login-required routes with their breadcrumb label (the top bar shows the same
 * one) and the dashboard header's texts. A missing text fails the build.
 */
export function appShellData(routes: readonly RouteDef[], catalogues: ShellCatalogues): AppShellData {
  const languages = Object.keys(catalogues) as ShellLanguage[];
  const lookup = (language: ShellLanguage, key: string): string => {
    const text = catalogueText(catalogues[language], key);
    if (text === undefined) throw new Error(`App-Gerüst: Text '${key}' fehlt (${language})`);
    return text;
  };
  const perLanguage = (key: string) =>
    Object.fromEntries(languages.map((language) => [language, lookup(language, key)])) as Record<ShellLanguage, string>;
  return {
    routes: routes
      .filter((route) => route.access.kind === 'auth')
      .map((route) => ({
        path: route.path,
        dashboard: route.view.type === 'dashboard',
        // TopBar's breadcrumb: 'Dashboard' there, else the route's label (none: empty).
        label:
          route.view.type === 'dashboard'
            ? perLanguage('nav.dashboard')
            : route.labelKey
              ? perLanguage(route.labelKey)
              : { de: '', fr: '', it: '' },
      })),
    texts: Object.fromEntries(
      languages.map((language) => [
        language,
        {
          welcome: lookup(language, 'dashboard.welcome'),
          welcomeNoName: lookup(language, 'dashboard.welcomeNoName'),
          lastLogin: lookup(language, 'dashboard.lastLogin'),
          firstLogin: lookup(language, 'dashboard.firstLogin'),
          companyFallback: lookup(language, 'layout.companyFallback'),
        },
      ]),
    ) as AppShellData['texts'],
  };
}
