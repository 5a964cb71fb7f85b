import type { Role } from '@zunft/contracts';
import { ROUTES, matchRoute, type RouteDef } from './route-table';

export interface GuardSession {
  status: 'loading' | 'authenticated' | 'anonymous';
  user: { role: Role; requiresPayment: boolean } | null;
}

export type GuardDecision =
  | { type: 'wait' }
  | { type: 'redirect'; to: string }
  | { type: 'render'; route: RouteDef; params: Record<string, string> };

export const PAYMENTS_TAB = '/settings?tab=payments';

/**
 * The navigation guard (part 1 §2), as a pure function of path and session:
 * 1. nothing is decided before the session has started ('wait' -> full-screen spinner);
 * 2. /app has no screen: /dashboard when signed in, otherwise /login;
 * 3. unknown paths go to /dashboard;
 * 4. public pages are open to everyone, also signed-in users;
 * 5. /login and /register are for guests only: signed-in users go to /dashboard;
 * 6. login-required routes send visitors to /login;
 * 7. a signed-in user whose company must pay goes to /settings?tab=payments on every
 *    login-required route except settings and the paywall. An admin only can open settings, so
 *    other roles are sent to the paywall /payment instead (otherwise they would loop
 *    settings -> dashboard -> settings);
 * 8. a role not in the route's list goes to /dashboard.
 */
export function decideNavigation(
  pathname: string,
  session: GuardSession,
  routes: readonly RouteDef[] = ROUTES,
): GuardDecision {
  if (session.status === 'loading') return { type: 'wait' };
  const signedIn = session.status === 'authenticated' && session.user !== null;

  if (pathname === '/app' || pathname === '/app/') return { type: 'redirect', to: signedIn ? '/dashboard' : '/login' };

  const match = matchRoute(pathname, routes);
  if (!match) return { type: 'redirect', to: '/dashboard' };
  const { route, params } = match;
  const access = route.access;

  if (access.kind === 'public') return { type: 'render', route, params };
  if (access.kind === 'guest')
    return signedIn ? { type: 'redirect', to: '/dashboard' } : { type: 'render', route, params };

  if (!signedIn || !session.user) return { type: 'redirect', to: '/login' };
  const { role, requiresPayment } = session.user;

  if (requiresPayment && !access.paymentExempt) {
    return { type: 'redirect', to: role === 'admin' ? PAYMENTS_TAB : '/payment' };
  }
  if (access.roles && !access.roles.includes(role)) return { type: 'redirect', to: '/dashboard' };
  return { type: 'render', route, params };
}

/** Whether a signed-in user may open the route (sidebar and quick links only show these). */
export function canOpen(path: string, user: GuardSession['user']): boolean {
  if (!user) return false;
  const decision = decideNavigation(path, { status: 'authenticated', user: { ...user, requiresPayment: false } });
  return decision.type === 'render';
}
