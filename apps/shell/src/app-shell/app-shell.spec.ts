import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LANGUAGE_KEY, PROFILE_KEY, TOKEN_KEY } from '@zunft/web-common';
import { de } from '../i18n/de';
import { fr } from '../i18n/fr';
import { it as itCatalogue } from '../i18n/it';
import { ROUTES, matchRoute } from '../routing/route-table';
import { SIDEBAR_COLLAPSED_KEY } from '../app/layout/useSidebarState';
import {
  APP_SHELL_ID,
  SHELL_LANGUAGE_KEY,
  SHELL_PROFILE_KEY,
  SHELL_SIDEBAR_KEY,
  SHELL_TIMEOUT_MS,
  SHELL_TOKEN_KEY,
  paintAppShell,
  removeAppShell,
  shellRoute,
} from './app-shell';
import { appShellData, catalogueText } from './app-shell-data';
import { unsignedToken } from '@zunft/web-common/testing';

const data = appShellData(ROUTES, { de, fr, it: itCatalogue });
const USER_ID = '00000000-0000-4000-8000-000000000001';
const token = unsignedToken({
  sub: USER_ID,
  userId: USER_ID,
  role: 'admin',
  subscriptionStatus: 'active',
  trialEndsAt: null,
});
const profile = {
  id: USER_ID,
  email: 'daniel@muster.ch',
  firstName: 'Daniel',
  lastName: 'Muster',
  companyName: 'Muster Elektro AG',
  lastLoginAt: '2026-11-20T07:05:00',
  language: 'de',
};

function setDesktop(desktop: boolean) {
  window.matchMedia = ((query: string) => ({ matches: desktop && query.includes('min-width: 1024px') })) as never;
}

function at(pathname: string) {
  window.history.replaceState(null, '', pathname);
}

const shell = () => document.getElementById(APP_SHELL_ID);
const text = (selector: string) => shell()?.querySelector(selector)?.textContent ?? null;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  window.localStorage.clear();
  window.sessionStorage.clear();
  setDesktop(false);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('app shell: the signed-in frame before any script', () => {
  it('paints the dashboard header from the kept profile, over the page and hidden from screen readers', () => {
    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    window.localStorage.setItem(SHELL_PROFILE_KEY, JSON.stringify(profile));
    at('/dashboard');
    expect(paintAppShell(data, { win: window })).not.toBeNull();
    expect(shell()?.getAttribute('aria-hidden')).toBe('true');
    expect(document.body.firstElementChild).toBe(shell());
    expect(text('.as-crumb')).toBe('Dashboard');
    expect(text('.as-title')).toBe('Willkommen zurück, Daniel!');
    expect(text('.as-sub strong')).toBe('Muster Elektro AG');
    expect(text('.as-sub')).toBe('Muster Elektro AGLetzte Anmeldung: 20.11.2026 07:05');
    expect(text('.as-avatar')).toBe('DM');
    expect(shell()?.querySelectorAll('.as-card')).toHaveLength(4);
    // a phone: no sidebar, the menu button's place
    expect(shell()?.querySelector('.as-side')).toBeNull();
    expect(shell()?.querySelector('.as-menu')).not.toBeNull();
  });

  it('a first login, no first name, no company: the texts the dashboard shows then', () => {
    window.sessionStorage.setItem(SHELL_TOKEN_KEY, token);
    window.sessionStorage.setItem(
      SHELL_PROFILE_KEY,
      JSON.stringify({ ...profile, firstName: '', companyName: '', lastLoginAt: null }),
    );
    at('/dashboard');
    paintAppShell(data, { win: window });
    expect(text('.as-title')).toBe(de.dashboard.welcomeNoName);
    expect(text('.as-sub')).toBe(`${de.layout.companyFallback}${de.dashboard.firstLogin}`);
    expect(text('.as-avatar')).toBe('M');
  });

  it('user texts are text, never markup', () => {
    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    window.localStorage.setItem(
      SHELL_PROFILE_KEY,
      JSON.stringify({ ...profile, companyName: '<img src=x onerror="window.__x=1">' }),
    );
    at('/dashboard');
    paintAppShell(data, { win: window });
    expect(shell()?.querySelector('img')).toBeNull();
    expect(text('.as-sub strong')).toBe('<img src=x onerror="window.__x=1">');
  });

  it("another user's kept profile is not shown: placeholders instead of names", () => {
    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    window.localStorage.setItem(SHELL_PROFILE_KEY, JSON.stringify({ ...profile, id: 'someone-else' }));
    at('/dashboard');
    paintAppShell(data, { win: window });
    expect(shell()).not.toBeNull();
    expect(shell()?.textContent).not.toContain('Daniel');
    expect(shell()?.querySelector('.as-bone--title')).not.toBeNull();
  });

  it('paints nothing without a token, on public pages, with an unreadable token or storage blocked', () => {
    at('/dashboard');
    expect(paintAppShell(data, { win: window })).toBeNull();

    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    for (const page of ['/', '/login', '/pricing', '/quote-acceptance/abc', '/signature/abc', '/nowhere']) {
      at(page);
      expect(paintAppShell(data, { win: window })).toBeNull();
    }
    window.localStorage.setItem(SHELL_TOKEN_KEY, 'not-a-jwt');
    at('/dashboard');
    expect(paintAppShell(data, { win: window })).toBeNull();

    const blocked = Object.create(window, {
      localStorage: {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      },
    }) as Window;
    expect(paintAppShell(data, { win: blocked })).toBeNull();
    expect(shell()).toBeNull();
  });

  it("a remote's page: the top bar with its label and list placeholders; the token's language wins", () => {
    window.localStorage.setItem(
      SHELL_TOKEN_KEY,
      unsignedToken({ sub: USER_ID, userId: USER_ID, role: 'employee', language: 'fr' }),
    );
    window.localStorage.setItem(SHELL_PROFILE_KEY, JSON.stringify(profile));
    at('/time-tracking/');
    paintAppShell(data, { win: window });
    expect(text('.as-crumb')).toBe(fr.nav.timeTracking);
    expect(shell()?.querySelector('.as-title')).toBeNull();
    expect(shell()?.querySelectorAll('.as-row').length).toBeGreaterThan(0);
  });

  it('the language stored for the public pages when neither token nor profile names one', () => {
    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    window.localStorage.setItem(SHELL_PROFILE_KEY, JSON.stringify({ ...profile, language: undefined }));
    window.localStorage.setItem(SHELL_LANGUAGE_KEY, 'it');
    at('/dashboard');
    paintAppShell(data, { win: window });
    expect(text('.as-title')).toBe(itCatalogue.dashboard.welcome.replace('{{name}}', 'Daniel'));
  });

  it('a desktop: the sidebar, collapsed unless the user pinned it open, and the full name in the top bar', () => {
    setDesktop(true);
    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    window.localStorage.setItem(SHELL_PROFILE_KEY, JSON.stringify(profile));
    at('/invoices');
    paintAppShell(data, { win: window });
    expect(shell()?.className).toBe('as as--narrow');
    expect(shell()?.querySelector('.as-side')).not.toBeNull();
    expect(text('.as-user-name')).toBe('Daniel Muster');
    removeAppShell();

    window.localStorage.setItem(SHELL_SIDEBAR_KEY, 'false');
    paintAppShell(data, { win: window });
    expect(shell()?.className).toBe('as as--wide');
  });

  it('a trial with 1–30 days left keeps the banner’s place', () => {
    const now = Date.parse('2026-11-28T08:00:00Z');
    const trial = (days: number) =>
      unsignedToken({
        sub: USER_ID,
        userId: USER_ID,
        subscriptionStatus: 'trial',
        trialEndsAt: new Date(now + days * 86_400_000).toISOString(),
      });
    window.localStorage.setItem(SHELL_PROFILE_KEY, JSON.stringify(profile));
    at('/dashboard');
    for (const [days, shown] of [
      [12, true],
      [45, false],
    ] as const) {
      window.localStorage.setItem(SHELL_TOKEN_KEY, trial(days));
      paintAppShell(data, { win: window, now });
      expect(shell()?.querySelector('.as-banner') !== null).toBe(shown);
      removeAppShell();
    }
  });

  it('gives way by itself when the app has not taken over after SHELL_TIMEOUT_MS, and is painted once', () => {
    jest.useFakeTimers();
    window.localStorage.setItem(SHELL_TOKEN_KEY, token);
    at('/customers');
    expect(paintAppShell(data, { win: window })).not.toBeNull();
    expect(paintAppShell(data, { win: window })).toBeNull();
    jest.advanceTimersByTime(SHELL_TIMEOUT_MS - 1);
    expect(shell()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(shell()).toBeNull();
  });
});

describe('app shell data and keys', () => {
  it("matches the app's storage keys", () => {
    expect(SHELL_TOKEN_KEY).toBe(TOKEN_KEY);
    expect(SHELL_PROFILE_KEY).toBe(PROFILE_KEY);
    expect(SHELL_LANGUAGE_KEY).toBe(LANGUAGE_KEY);
    expect(SHELL_SIDEBAR_KEY).toBe(SIDEBAR_COLLAPSED_KEY);
  });

  it("paints for exactly the router's login-required pages, with the top bar's label", () => {
    const samples = ROUTES.map((route) => route.path.replace(/:[^/]+/g, 'x1'));
    for (const pathname of [...samples, '/app']) {
      const auth = pathname === '/app' || matchRoute(pathname)?.route.access.kind === 'auth';
      const route = shellRoute(pathname, data.routes);
      expect(route !== null).toBe(auth);
      const def = matchRoute(pathname)?.route;
      if (route && def && def.view.type !== 'dashboard') {
        expect(route.label.de).toBe(def.labelKey ? (catalogueText(de, def.labelKey) ?? '') : '');
      }
    }
  });
});
