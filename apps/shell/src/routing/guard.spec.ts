import { describe, expect, it } from '@jest/globals';
import type { Role } from '@zunft/contracts';
import { PAYMENTS_TAB, canOpen, decideNavigation, type GuardSession } from './guard';
import { matchRoute } from './route-table';

const anonymous: GuardSession = { status: 'anonymous', user: null };
const signedIn = (role: Role, requiresPayment = false): GuardSession => ({
  status: 'authenticated',
  user: { role, requiresPayment },
});
const to = (path: string, session: GuardSession) => {
  const d = decideNavigation(path, session);
  return d.type === 'redirect' ? `-> ${d.to}` : d.type === 'render' ? `render ${d.route.id}` : 'wait';
};

describe('navigation guard (part 1 §2)', () => {
  it('waits for the session start before deciding anything', () => {
    for (const path of ['/', '/login', '/dashboard', '/app', '/nowhere']) {
      expect(decideNavigation(path, { status: 'loading', user: null })).toEqual({ type: 'wait' });
    }
  });

  it('/app goes to /dashboard when signed in, otherwise /login', () => {
    expect(to('/app', signedIn('employee'))).toBe('-> /dashboard');
    expect(to('/app', anonymous)).toBe('-> /login');
  });

  it('public pages are open to visitors and to signed-in users', () => {
    for (const path of ['/', '/pricing', '/about', '/payment-success', '/signature/abc123', '/quote-acceptance/xyz']) {
      expect(to(path, anonymous)).toMatch(/^render /);
      expect(to(path, signedIn('employee'))).toMatch(/^render /);
    }
  });

  it('public pages stay open even when the company must pay', () => {
    expect(to('/pricing', signedIn('admin', true))).toBe('render pricing');
    expect(to('/payment-success', signedIn('admin', true))).toBe('render payment-success');
    expect(to('/signature/t0k3n', signedIn('admin', true))).toBe('render signature');
  });

  it('/login and /register are for guests; signed-in users go to /dashboard', () => {
    expect(to('/login', anonymous)).toBe('render login');
    expect(to('/register', anonymous)).toBe('render register');
    expect(to('/login', signedIn('admin'))).toBe('-> /dashboard');
    expect(to('/register', signedIn('backoffice'))).toBe('-> /dashboard');
  });

  it('login-required routes send visitors to /login', () => {
    for (const path of [
      '/dashboard',
      '/payment',
      '/users',
      '/settings',
      '/profile',
      '/customers',
      '/projects',
      '/time-tracking',
      '/scheduling',
      '/materials',
      '/expenses',
      '/quotes',
      '/reports',
      '/invoices',
    ]) {
      expect(to(path, anonymous)).toBe('-> /login');
    }
  });

  it('applies the role lists of the route table', () => {
    const table: Record<string, Role[]> = {
      '/dashboard': ['admin', 'backoffice', 'employee', 'accountant'],
      '/projects': ['admin', 'backoffice', 'employee'],
      '/time-tracking': ['admin', 'backoffice', 'employee'],
      '/scheduling': ['admin', 'backoffice', 'employee'],
      '/materials': ['admin', 'backoffice', 'employee'],
      '/expenses': ['admin', 'backoffice', 'employee'],
      '/profile': ['admin', 'backoffice', 'employee', 'accountant'],
      '/payment': ['admin', 'backoffice', 'employee', 'accountant'],
      '/customers': ['admin', 'backoffice', 'accountant'],
      '/quotes': ['admin', 'backoffice'],
      '/reports': ['admin', 'backoffice', 'accountant'],
      '/invoices': ['admin', 'backoffice', 'accountant'],
      '/accounting': ['admin', 'backoffice', 'accountant'],
      '/users': ['admin'],
      '/settings': ['admin'],
    };
    for (const [path, allowed] of Object.entries(table)) {
      for (const role of ['admin', 'backoffice', 'employee', 'accountant'] as const) {
        const actual = to(path, signedIn(role));
        const expected = allowed.includes(role) ? 'rendered' : '-> /dashboard';
        expect(`${role} ${path}: ${actual.startsWith('render ') ? 'rendered' : actual}`).toBe(
          `${role} ${path}: ${expected}`,
        );
      }
    }
  });

  it('requiresPayment sends an admin to /settings?tab=payments except on settings and the paywall', () => {
    const admin = signedIn('admin', true);
    for (const path of [
      '/dashboard',
      '/users',
      '/profile',
      '/customers',
      '/projects',
      '/time-tracking',
      '/invoices',
      '/expenses',
    ]) {
      expect(to(path, admin)).toBe(`-> ${PAYMENTS_TAB}`);
    }
    expect(to('/settings', admin)).toBe('render settings');
    expect(to('/payment', admin)).toBe('render payment');
    expect(to('/payment-success', admin)).toBe('render payment-success');
  });

  it('requiresPayment sends other roles to the paywall, never into a settings/dashboard loop', () => {
    for (const role of ['backoffice', 'employee'] as const) {
      const session = signedIn(role, true);
      expect(to('/dashboard', session)).toBe('-> /payment');
      expect(to('/profile', session)).toBe('-> /payment');
      expect(to('/payment', session)).toBe('render payment');
      // settings is payment-exempt but admin-only -> /dashboard -> /payment: ends on a page
      expect(to('/settings', session)).toBe('-> /dashboard');
      expect(to('/payment', session)).toBe('render payment');
    }
  });

  it('every redirect chain ends on a rendered page within a few steps', () => {
    const sessions = [
      anonymous,
      ...(['admin', 'backoffice', 'employee'] as const).flatMap((r) => [signedIn(r), signedIn(r, true)]),
    ];
    const paths = [
      '/',
      '/app',
      '/login',
      '/register',
      '/dashboard',
      '/settings',
      '/users',
      '/profile',
      '/payment',
      '/payment-success',
      '/customers',
      '/quotes',
      '/x/y',
    ];
    for (const session of sessions) {
      for (const start of paths) {
        let path = start;
        let steps = 0;
        for (;;) {
          const d = decideNavigation(path, session);
          if (d.type !== 'redirect') break;
          path = d.to.split('?')[0] as string;
          steps++;
          expect(steps).toBeLessThan(4);
        }
      }
    }
  });

  it('unknown paths go to /dashboard (visitors then on to /login)', () => {
    expect(to('/does-not-exist', signedIn('employee'))).toBe('-> /dashboard');
    expect(to('/users/123/extra', signedIn('admin'))).toBe('-> /dashboard');
    expect(to('/does-not-exist', anonymous)).toBe('-> /dashboard');
    expect(to('/dashboard', anonymous)).toBe('-> /login');
  });

  it('matches token routes and tolerates a trailing slash', () => {
    expect(matchRoute('/signature/a%20b')?.params).toEqual({ token: 'a b' });
    expect(matchRoute('/signature')).toBeNull();
    expect(matchRoute('/dashboard/')?.route.id).toBe('dashboard');
  });

  it('customers, projects and time tracking are pages of the time remote', () => {
    expect(matchRoute('/customers')?.route.view).toEqual({ type: 'remote', remote: 'time', page: 'customers' });
    expect(matchRoute('/projects')?.route.view).toEqual({ type: 'remote', remote: 'time', page: 'projects' });
    expect(matchRoute('/time-tracking')?.route.view).toEqual({
      type: 'remote',
      remote: 'time',
      page: 'time-tracking',
    });
    expect(to('/time-tracking', signedIn('employee'))).toBe('render time-tracking');
    expect(to('/projects', signedIn('employee'))).toBe('render projects');
    expect(to('/customers', signedIn('employee'))).toBe('-> /dashboard');
    expect(to('/customers', signedIn('backoffice'))).toBe('render customers');
  });

  it('materials is a page of the time remote for every signed-in role', () => {
    expect(matchRoute('/materials')?.route.view).toEqual({ type: 'remote', remote: 'time', page: 'materials' });
    expect(to('/materials', anonymous)).toBe('-> /login');
    for (const role of ['admin', 'backoffice', 'employee'] as const) {
      expect(to('/materials', signedIn(role))).toBe('render materials');
    }
  });

  it('expenses and scheduling are pages of the time remote for every signed-in role', () => {
    expect(matchRoute('/expenses')?.route.view).toEqual({ type: 'remote', remote: 'time', page: 'expenses' });
    expect(matchRoute('/scheduling')?.route.view).toEqual({ type: 'remote', remote: 'time', page: 'scheduling' });
    for (const role of ['admin', 'backoffice', 'employee'] as const) {
      expect(to('/expenses', signedIn(role))).toBe('render expenses');
      expect(to('/scheduling', signedIn(role))).toBe('render scheduling');
    }
  });

  it('quotes are a billing page for admin and backoffice; quote acceptance is a public billing page', () => {
    expect(matchRoute('/quotes')?.route.view).toEqual({ type: 'remote', remote: 'billing', page: 'quotes' });
    expect(to('/quotes', signedIn('employee'))).not.toBe('render quotes');
    const acceptance = matchRoute('/quote-acceptance/abc123');
    expect(acceptance?.route.view).toEqual({ type: 'public-remote', remote: 'billing', page: 'quote-acceptance' });
    expect(acceptance?.params).toEqual({ token: 'abc123' });
    expect(to('/quote-acceptance/abc123', anonymous)).toBe('render quote-acceptance');
  });

  it('reports and invoices are billing pages for admin and backoffice; the signature is a public billing page', () => {
    expect(matchRoute('/reports')?.route.view).toEqual({ type: 'remote', remote: 'billing', page: 'reports' });
    expect(matchRoute('/invoices')?.route.view).toEqual({ type: 'remote', remote: 'billing', page: 'invoices' });
    expect(to('/reports', signedIn('employee'))).toBe('-> /dashboard');
    expect(to('/invoices', signedIn('backoffice'))).toBe('render invoices');
    const signature = matchRoute('/signature/t0k3n');
    expect(signature?.route.view).toEqual({ type: 'public-remote', remote: 'billing', page: 'signature' });
    expect(signature?.params).toEqual({ token: 't0k3n' });
    expect(to('/signature/t0k3n', anonymous)).toBe('render signature');
  });

  it('canOpen follows the table (used for sidebar and quick links)', () => {
    expect(canOpen('/customers', { role: 'employee', requiresPayment: false })).toBe(false);
    expect(canOpen('/customers', { role: 'backoffice', requiresPayment: false })).toBe(true);
    expect(canOpen('/settings', { role: 'backoffice', requiresPayment: false })).toBe(false);
    expect(canOpen('/settings', { role: 'admin', requiresPayment: true })).toBe(true);
    expect(canOpen('/dashboard', null)).toBe(false);
  });
});
