import { coveringFilter, subjectMatches } from './subjects.js';

describe('subjectMatches', () => {
  it.each([
    ['auth.user.created', 'auth.user.created', true],
    ['auth.user.created', 'auth.user.updated', false],
    ['auth.user.*', 'auth.user.updated', true],
    ['auth.*', 'auth.user.updated', false],
    ['auth.>', 'auth.user.updated', true],
    ['auth.>', 'auth', false],
    ['auth.user.created', 'auth.user', false],
    ['auth.user', 'auth.user.created', false],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('coveringFilter', () => {
  it('keeps a single subject', () => {
    expect(coveringFilter(['P.auth.user.created'])).toBe('P.auth.user.created');
    expect(coveringFilter(['P.auth.user.created', 'P.auth.user.created'])).toBe('P.auth.user.created');
  });

  it('covers several subjects by their common leading tokens', () => {
    expect(coveringFilter(['P.auth.user.created', 'P.auth.user.updated'])).toBe('P.auth.user.>');
    expect(coveringFilter(['P.auth.user.created', 'P.auth.company.registered'])).toBe('P.auth.>');
    expect(coveringFilter(['P.auth.user', 'P.auth.user.created'])).toBe('P.auth.>');
    expect(coveringFilter(['P.auth.>', 'P.auth.user.created'])).toBe('P.auth.>');
  });

  it('gives no filter when nothing is shared', () => {
    expect(coveringFilter(['auth.user.created', 'billing.report.signed'])).toBeUndefined();
    expect(coveringFilter([])).toBeUndefined();
  });

  it('always covers what it was built from', () => {
    const subjects = ['P.auth.user.created', 'P.auth.user.updated', 'P.auth.company.settings-updated'];
    const filter = coveringFilter(subjects) as string;
    for (const s of subjects) expect(subjectMatches(filter, s)).toBe(true);
  });
});
