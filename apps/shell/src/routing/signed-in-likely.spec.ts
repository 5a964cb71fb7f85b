import { describe, expect, it } from '@jest/globals';
import { TOKEN_KEY } from '@zunft/web-common';
import { STORED_TOKEN_KEY, signedInAppLikely } from './signed-in-likely';

describe('signedInAppLikely', () => {
  it('reads the token where web-common stores it', () => {
    expect(STORED_TOKEN_KEY).toBe(TOKEN_KEY);
  });

  it('is true for login-required pages with a stored token', () => {
    expect(signedInAppLikely('/dashboard', true)).toBe(true);
    expect(signedInAppLikely('/time-tracking', true)).toBe(true);
    expect(signedInAppLikely('/app', true)).toBe(true);
  });

  it('is false without a token and on public or guest pages', () => {
    expect(signedInAppLikely('/dashboard', false)).toBe(false);
    expect(signedInAppLikely('/', true)).toBe(false);
    expect(signedInAppLikely('/login', true)).toBe(false);
    expect(signedInAppLikely('/pricing', true)).toBe(false);
    expect(signedInAppLikely('/gibt-es-nicht', true)).toBe(false);
  });
});
