/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { minimalUserFromToken, offlineUserFromToken } from './jwt';
import { unsignedToken } from '../testing/tokens';

const id = '7f1c3a52-5d0e-4a43-9d7f-7f0a1c2b3d4e';
const token = (claims: Record<string, unknown>) =>
  unsignedToken({
    sub: id,
    userId: id,
    companyId: '0b6f5b38-2f8e-4b7e-8d55-0c5a1d2e3f40',
    role: 'employee',
    subscriptionStatus: 'trial',
    trialEndsAt: '2099-01-01T00:00:00.000Z',
    ...claims,
  });

describe('the user from the token (issue 15: the language claim)', () => {
  it("takes the user's language from the token", () => {
    expect(offlineUserFromToken(token({ language: 'it' }), 'de')?.language).toBe('it');
    expect(minimalUserFromToken(token({ language: 'fr' }))?.language).toBe('fr');
  });

  it('falls back to the given language for tokens without (or with a strange) claim', () => {
    expect(offlineUserFromToken(token({}), 'fr')?.language).toBe('fr');
    expect(offlineUserFromToken(token({ language: 'en' }), 'it')?.language).toBe('it');
    expect(minimalUserFromToken(token({}))?.language).toBe('de');
  });
});
