import { describe, expect, it } from '@jest/globals';
import type { Role, SessionUser } from '@zunft/contracts';
import { MAIN_NAV, visibleItems } from './nav-items';

const user = (role: Role) => ({ role, requiresPayment: false }) as unknown as SessionUser;
const paths = (role: Role) => visibleItems(MAIN_NAV, user(role)).map((item) => item.path);

describe('sidebar entries per role (part 1 §2, part 2 §6)', () => {
  it('offers Angebote to admin and backoffice (isBackoffice = admin or backoffice), not to employees', () => {
    expect(paths('backoffice')).toContain('/quotes');
    expect(paths('admin')).toContain('/quotes');
    expect(paths('employee')).not.toContain('/quotes');
  });

  it('offers Spesen, Einsatzplanung and Arbeitszeit to every role, Kunden not to employees', () => {
    for (const role of ['admin', 'backoffice', 'employee'] as const) {
      expect(paths(role)).toEqual(
        expect.arrayContaining(['/expenses', '/scheduling', '/time-tracking', '/working-time']),
      );
    }
    expect(paths('employee')).not.toContain('/customers');
  });

  it('offers the accountant (Treuhänder, issue 26) the bookkeeping records only, no work screens', () => {
    const seen = paths('accountant');
    expect(seen).toEqual(expect.arrayContaining(['/customers', '/reports', '/invoices', '/accounting']));
    for (const path of ['/quotes', '/time-tracking', '/expenses', '/materials', '/scheduling', '/users', '/settings']) {
      expect(seen).not.toContain(path);
    }
  });

  it('offers nothing to a signed-out visitor', () => {
    expect(visibleItems(MAIN_NAV, null)).toEqual([]);
  });
});
