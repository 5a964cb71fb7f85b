import { ACCOUNTING_READ_ROLES, RECORD_READ_ROLES, type Role } from '@zunft/contracts';
import type { RemoteAppView, RemotePublicView } from '@zunft/web-common';

/**
 * Who may open a route (part 1 §2 route table, part 2 §2):
 * - public: anyone, signed in or not (landing, pricing, about, customer token pages, payment success)
 * - guest: only signed-out visitors; a signed-in user goes to /dashboard (login, register)
 * - auth: signed in; `roles` limits it further; `paymentExempt` keeps it reachable when the
 *   company must pay (settings, paywall)
 */
export type RouteAccess =
  { kind: 'public' } | { kind: 'guest' } | { kind: 'auth'; roles?: readonly Role[]; paymentExempt?: boolean };

/**
 * How the shell renders a route. The remotes' pages come from `REMOTE_PAGES` (libs/web-common/src/
 * pages), declared once; route-table.spec.ts fails when a page there has no route here.
 */
export type RouteView =
  | {
      type: 'landing' | 'pricing' | 'about' | 'login' | 'register' | 'payment-success' | 'verify-email' | 'invitation';
    }
  | { type: 'dashboard' | 'paywall' }
  /** A signed-in page of a remote: `<remote>/App` with the page prop, inside the shell's layout. */
  | ({ type: 'remote' } & RemoteAppView)
  /**
   * A public customer page of a remote: `<remote>/PublicApp` with the page prop and the `token`
   * route parameter, without the signed-in layout and without antd.
   */
  | ({ type: 'public-remote' } & RemotePublicView);

export interface RouteDef {
  id: string;
  /** Pattern; `:name` matches one path segment. */
  path: string;
  access: RouteAccess;
  view: RouteView;
  /** German label key in the 'shell' namespace (breadcrumb, sidebar). */
  labelKey?: string;
}

const STAFF: readonly Role[] = ['admin', 'backoffice'];
const ADMIN: readonly Role[] = ['admin'];
/** The company's own people: the work screens (time, projects, materials …), not the accountant's. */
const WORKERS: readonly Role[] = ['admin', 'backoffice', 'employee'];
/** The bookkeeping records the read-only accountant (Treuhänder, issue 26) reads too. */
const RECORDS: readonly Role[] = RECORD_READ_ROLES;

export const CORE_ROUTES: readonly RouteDef[] = [
  { id: 'landing', path: '/', access: { kind: 'public' }, view: { type: 'landing' } },
  { id: 'pricing', path: '/pricing', access: { kind: 'public' }, view: { type: 'pricing' } },
  { id: 'about', path: '/about', access: { kind: 'public' }, view: { type: 'about' } },
  { id: 'login', path: '/login', access: { kind: 'guest' }, view: { type: 'login' } },
  { id: 'register', path: '/register', access: { kind: 'guest' }, view: { type: 'register' } },
  {
    id: 'payment',
    path: '/payment',
    access: { kind: 'auth', paymentExempt: true },
    view: { type: 'paywall' },
    labelKey: 'nav.payment',
  },
  { id: 'payment-success', path: '/payment-success', access: { kind: 'public' }, view: { type: 'payment-success' } },
  { id: 'verify-email', path: '/verify-email/:token', access: { kind: 'public' }, view: { type: 'verify-email' } },
  // a fiduciary's invitation (issue 26): /einladung?token=…
  { id: 'invitation', path: '/einladung', access: { kind: 'public' }, view: { type: 'invitation' } },
  {
    id: 'dashboard',
    path: '/dashboard',
    access: { kind: 'auth' },
    view: { type: 'dashboard' },
    labelKey: 'nav.dashboard',
  },
  {
    id: 'users',
    path: '/users',
    access: { kind: 'auth', roles: ADMIN },
    view: { type: 'remote', remote: 'admin', page: 'users' },
    labelKey: 'nav.users',
  },
  {
    id: 'settings',
    path: '/settings',
    access: { kind: 'auth', roles: ADMIN, paymentExempt: true },
    view: { type: 'remote', remote: 'admin', page: 'settings' },
    labelKey: 'nav.settings',
  },
  {
    id: 'profile',
    path: '/profile',
    access: { kind: 'auth' },
    view: { type: 'remote', remote: 'admin', page: 'profile' },
    labelKey: 'nav.profile',
  },
  {
    id: 'customers',
    path: '/customers',
    access: { kind: 'auth', roles: RECORDS },
    view: { type: 'remote', remote: 'time', page: 'customers' },
    labelKey: 'nav.customers',
  },
  {
    id: 'projects',
    path: '/projects',
    access: { kind: 'auth', roles: WORKERS },
    view: { type: 'remote', remote: 'time', page: 'projects' },
    labelKey: 'nav.projects',
  },
  {
    id: 'time-tracking',
    path: '/time-tracking',
    access: { kind: 'auth', roles: WORKERS },
    view: { type: 'remote', remote: 'time', page: 'time-tracking' },
    labelKey: 'nav.timeTracking',
  },
  {
    id: 'working-time',
    path: '/working-time',
    access: { kind: 'auth', roles: WORKERS },
    view: { type: 'remote', remote: 'time', page: 'working-time' },
    labelKey: 'nav.workingTime',
  },
  {
    id: 'materials',
    path: '/materials',
    access: { kind: 'auth', roles: WORKERS },
    view: { type: 'remote', remote: 'time', page: 'materials' },
    labelKey: 'nav.materials',
  },
  {
    id: 'expenses',
    path: '/expenses',
    access: { kind: 'auth', roles: WORKERS },
    view: { type: 'remote', remote: 'time', page: 'expenses' },
    labelKey: 'nav.expenses',
  },
  {
    id: 'scheduling',
    path: '/scheduling',
    access: { kind: 'auth', roles: WORKERS },
    view: { type: 'remote', remote: 'time', page: 'scheduling' },
    labelKey: 'nav.scheduling',
  },
  {
    id: 'quotes',
    path: '/quotes',
    access: { kind: 'auth', roles: STAFF },
    view: { type: 'remote', remote: 'billing', page: 'quotes' },
    labelKey: 'nav.quotes',
  },
  {
    id: 'quote-acceptance',
    path: '/quote-acceptance/:token',
    access: { kind: 'public' },
    view: { type: 'public-remote', remote: 'billing', page: 'quote-acceptance' },
    labelKey: 'nav.quoteAcceptance',
  },
  {
    id: 'reports',
    path: '/reports',
    access: { kind: 'auth', roles: RECORDS },
    view: { type: 'remote', remote: 'billing', page: 'reports' },
    labelKey: 'nav.reports',
  },
  {
    id: 'invoices',
    path: '/invoices',
    access: { kind: 'auth', roles: RECORDS },
    view: { type: 'remote', remote: 'billing', page: 'invoices' },
    labelKey: 'nav.invoices',
  },
  {
    id: 'accounting',
    path: '/accounting',
    // issue 26: the office and the read-only accountant (ACCOUNTING_READ_ROLES)
    access: { kind: 'auth', roles: ACCOUNTING_READ_ROLES },
    view: { type: 'remote', remote: 'billing', page: 'accounting' },
    labelKey: 'nav.accounting',
  },
  {
    id: 'signature',
    path: '/signature/:token',
    access: { kind: 'public' },
    view: { type: 'public-remote', remote: 'billing', page: 'signature' },
    labelKey: 'nav.signature',
  },
];

export const ROUTES: readonly RouteDef[] = CORE_ROUTES;

/** Matches a pathname against the table (trailing slash tolerated). */
export function matchRoute(
  pathname: string,
  routes: readonly RouteDef[] = ROUTES,
): { route: RouteDef; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/').filter(Boolean);
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i] as string;
      const value = parts[i] as string;
      if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(value);
      else if (seg !== value) {
        ok = false;
        break;
      }
    }
    if (ok) return { route, params };
  }
  return null;
}

export function routeById(id: string): RouteDef | undefined {
  return ROUTES.find((r) => r.id === id);
}
