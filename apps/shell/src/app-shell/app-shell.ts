/**
 * The app shell: the signed-in frame (top bar, sidebar on a desktop, the dashboard's welcome
 * header, placeholders for the rest) painted by a script inlined into index.html, before any
 * bundle has arrived. On a phone with slow reception the signed-in layout needs ~340 KB of script
 * (2–3 s on slow 4G) before React paints it; this frame is there with the HTML itself.
 *
 * Built into index.html by tools/rspack/app-shell-html.ts (compiled on its own: this file imports
 * types only) with the data of app-shell-data.ts. It paints only when a token is stored and the
 * address is a login-required page; the user's name, company and last login come from the profile
 * the session keeps next to the token (libs/web-common token-storage: PROFILE_KEY), and only when
 * that profile belongs to the token's user. The frame lies over the page (fixed, aria-hidden, no
 * pointer events) and is removed by `removeAppShell()` when the signed-in layout commits, when
 * the router renders anything else, or after SHELL_TIMEOUT_MS at the latest.
 */
import type { Language, SessionUser } from '@zunft/contracts';

export const APP_SHELL_ID = 'app-shell';
/** The token and profile keys of libs/web-common/src/session/token-storage.ts (app-shell.spec.ts checks). */
export const SHELL_TOKEN_KEY = 'zunft.token';
export const SHELL_PROFILE_KEY = 'zunft.profile';
/** libs/web-common/src/i18n/i18n.ts LANGUAGE_KEY and useSidebarState's SIDEBAR_COLLAPSED_KEY. */
export const SHELL_LANGUAGE_KEY = 'zunft.language';
export const SHELL_SIDEBAR_KEY = 'sidebar-collapsed';
/** If the app has not taken over by then (a chunk failed to load), the frame gives way to the page below. */
export const SHELL_TIMEOUT_MS = 30_000;

export type ShellLanguage = Language;

export interface ShellTexts {
  welcome: string;
  welcomeNoName: string;
  lastLogin: string;
  firstLogin: string;
  companyFallback: string;
}

export interface AppShellData {
  /** Login-required routes: path pattern (`:name` is one segment), breadcrumb label per language. */
  routes: Array<{ path: string; dashboard: boolean; label: Record<ShellLanguage, string> }>;
  texts: Record<ShellLanguage, ShellTexts>;
}

type Profile = Pick<
  SessionUser,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'companyName'
  | 'lastLoginAt'
  | 'language'
  | 'subscriptionStatus'
  | 'trialEndsAt'
>;

interface Claims {
  userId?: string;
  sub?: string;
  language?: string;
  subscriptionStatus?: string;
  trialEndsAt?: string | null;
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function claimsOf(token: string): Claims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Claims;
  } catch {
    return null;
  }
}

/** The route of `pathname` among the login-required ones (matchRoute's rules: trailing slash tolerated). */
export function shellRoute(pathname: string, routes: AppShellData['routes']): AppShellData['routes'][number] | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === '/app') return routes.find((r) => r.dashboard) ?? null;
  const parts = clean.split('/').filter(Boolean);
  return (
    routes.find((route) => {
      const pattern = route.path.split('/').filter(Boolean);
      return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
    }) ?? null
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** web-common's formatDateTime: "dd.MM.yyyy HH:mm" in local time. */
export function shellDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '–';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** trial-banner.ts's rule (shown in a trial with 1–30 days left): a placeholder of its height. */
function trialBannerLikely(status: string | undefined, endsAt: string | null | undefined, now: number): boolean {
  if (status !== 'trial' || !endsAt) return false;
  const days = Math.ceil((new Date(endsAt).getTime() - now) / 86_400_000);
  return days >= 1 && days <= 30;
}

function el(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function bones(doc: Document, className: string, count: number): HTMLElement[] {
  return Array.from({ length: count }, () => el(doc, 'i', className));
}

const LOGO_SVG =
  '<svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#1f5fae"/><path d="M18 18h28v6L27 40h19v6H18v-6l19-16H18z" fill="#fff"/><rect x="44" y="10" width="10" height="10" rx="2" fill="#d52b1e"/><path d="M48 12h2v2.5h2.5v2H50V19h-2v-2.5h-2.5v-2H48z" fill="#fff"/></svg>';

export interface PaintEnv {
  win: Window;
  now?: number;
}

/**
 * Paints the frame for the current address, or nothing (no token, a public page, storage blocked).
 * Returns the frame's element. User texts are set as text, never as markup.
 */
export function paintAppShell(data: AppShellData, { win, now = Date.now() }: PaintEnv): HTMLElement | null {
  const doc = win.document;
  const token = read(() => win.sessionStorage, SHELL_TOKEN_KEY) ?? read(() => win.localStorage, SHELL_TOKEN_KEY);
  if (!token || doc.getElementById(APP_SHELL_ID)) return null;
  const route = shellRoute(win.location.pathname, data.routes);
  if (!route) return null;
  const claims = claimsOf(token);
  if (!claims) return null;

  let profile: Profile | null = null;
  try {
    const raw = read(() => win.sessionStorage, SHELL_PROFILE_KEY) ?? read(() => win.localStorage, SHELL_PROFILE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Profile) : null;
    if (parsed && parsed.id && parsed.id === (claims.userId ?? claims.sub)) profile = parsed;
  } catch {
    profile = null;
  }

  const stored = read(() => win.localStorage, SHELL_LANGUAGE_KEY);
  const language = ([claims.language, profile?.language, stored].find((l) => !!l && l in data.texts) ??
    'de') as ShellLanguage;
  const texts = data.texts[language];
  const desktop = win.matchMedia('(min-width: 1024px)').matches;
  const narrow = read(() => win.localStorage, SHELL_SIDEBAR_KEY) !== 'false';

  const shell = el(doc, 'div', `as${desktop ? (narrow ? ' as--narrow' : ' as--wide') : ''}`);
  shell.id = APP_SHELL_ID;
  shell.setAttribute('aria-hidden', 'true');

  if (desktop) {
    const side = el(doc, 'div', 'as-side');
    const brand = el(doc, 'div', 'as-brand');
    brand.innerHTML = LOGO_SVG;
    brand.append(el(doc, 'span', 'as-brand-word', 'Zunft'));
    const nav = el(doc, 'div', 'as-nav');
    nav.append(...bones(doc, 'as-bone as-link', 10));
    side.append(brand, nav);
    shell.append(side);
  }

  const body = el(doc, 'div', 'as-body');
  const top = el(doc, 'div', 'as-top');
  if (!desktop) {
    const menu = el(doc, 'span', 'as-menu');
    menu.append(el(doc, 'i', ''), el(doc, 'i', ''), el(doc, 'i', ''));
    top.append(menu);
  }
  top.append(el(doc, 'span', 'as-crumb', route.label[language]));
  const user = el(doc, 'span', 'as-user');
  const first = profile?.firstName?.trim() ?? '';
  const last = profile?.lastName?.trim() ?? '';
  const letters = `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase() || profile?.email?.[0]?.toUpperCase() || '';
  user.append(el(doc, 'i', 'as-bone as-bell'), el(doc, 'span', 'as-avatar', letters));
  const name = `${first} ${last}`.trim() || profile?.email || '';
  if (name) user.append(el(doc, 'span', 'as-user-name', name));
  top.append(user);

  const main = el(doc, 'div', 'as-main');
  if (route.dashboard) {
    const header = el(doc, 'div', 'as-header');
    const intro = el(doc, 'div', 'as-intro');
    if (profile) {
      intro.append(el(doc, 'div', 'as-title', first ? texts.welcome.replace('{{name}}', first) : texts.welcomeNoName));
      const sub = el(doc, 'div', 'as-sub');
      sub.append(el(doc, 'strong', '', profile.companyName || texts.companyFallback), doc.createElement('br'));
      sub.append(
        doc.createTextNode(
          profile.lastLoginAt
            ? texts.lastLogin.replace('{{date}}', shellDateTime(profile.lastLoginAt))
            : texts.firstLogin,
        ),
      );
      intro.append(sub);
    } else {
      intro.append(el(doc, 'i', 'as-bone as-bone--title'), el(doc, 'i', 'as-bone as-bone--line'));
    }
    const actions = el(doc, 'div', 'as-actions');
    actions.append(el(doc, 'i', 'as-bone as-button as-button--primary'), el(doc, 'i', 'as-bone as-button'));
    header.append(intro, actions);
    main.append(header);
    const status = claims.subscriptionStatus ?? profile?.subscriptionStatus;
    const endsAt = claims.trialEndsAt ?? profile?.trialEndsAt;
    if (trialBannerLikely(status, endsAt, now)) main.append(el(doc, 'i', 'as-bone as-banner'));
    const cards = el(doc, 'div', 'as-cards');
    cards.append(...bones(doc, 'as-bone as-card', 4));
    main.append(cards);
  } else {
    main.append(el(doc, 'i', 'as-bone as-bone--title'));
    const list = el(doc, 'div', 'as-list');
    list.append(...bones(doc, 'as-bone as-row', 6));
    main.append(list);
  }
  body.append(top, main);
  shell.append(body);
  doc.body.insertBefore(shell, doc.body.firstChild);
  win.setTimeout(() => removeAppShell(doc), SHELL_TIMEOUT_MS);
  return shell;
}

/** Takes the frame away (the signed-in layout has committed, or another page is shown). */
export function removeAppShell(doc: Document = document): void {
  doc.getElementById(APP_SHELL_ID)?.remove();
}
