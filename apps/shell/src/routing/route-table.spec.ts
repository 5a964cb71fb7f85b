import { describe, expect, it } from '@jest/globals';
import { allRemotePages, pagesOf } from '@zunft/web-common';
import { ROUTES } from './route-table';

/** The module each route view loads: `remote` → `<remote>/App`, `public-remote` → `<remote>/PublicApp`. */
const MODULE_OF_VIEW = { remote: 'App', 'public-remote': 'PublicApp' } as const;

const remoteRoutes = ROUTES.flatMap((route) =>
  route.view.type === 'remote' || route.view.type === 'public-remote'
    ? [{ path: route.path, remote: route.view.remote, module: MODULE_OF_VIEW[route.view.type], page: route.view.page }]
    : [],
);

describe('remote pages: one list (web-common REMOTE_PAGES), the route table and RemotePage agree', () => {
  it.each(allRemotePages())('$remote/$module page "$page" has exactly one route', ({ remote, module, page }) => {
    const routes = remoteRoutes.filter((r) => r.remote === remote && r.module === module && r.page === page);
    expect(routes.map((r) => r.path)).toHaveLength(1);
  });

  it('every remote route names a page of the list, in the module its view loads', () => {
    for (const route of remoteRoutes) {
      expect({ path: route.path, known: pagesOf(route.remote, route.module).includes(route.page) }).toEqual({
        path: route.path,
        known: true,
      });
    }
  });

  it('the check can fail: a page missing from the table is noticed', () => {
    const withoutReports = remoteRoutes.filter((r) => r.page !== 'reports');
    const missing = allRemotePages().filter(
      (p) => !withoutReports.some((r) => r.remote === p.remote && r.module === p.module && r.page === p.page),
    );
    expect(missing).toEqual([{ remote: 'billing', module: 'App', page: 'reports' }]);
  });

  it('customer token pages are public and carry the token; signed-in pages need a login', () => {
    for (const route of ROUTES) {
      if (route.view.type === 'public-remote') {
        expect({ path: route.path, access: route.access.kind }).toEqual({ path: route.path, access: 'public' });
        expect(route.path).toMatch(/\/:token$/);
      }
      if (route.view.type === 'remote') {
        expect({ path: route.path, access: route.access.kind }).toEqual({ path: route.path, access: 'auth' });
      }
    }
  });
});
