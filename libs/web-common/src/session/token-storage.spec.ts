import { beforeEach, describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@zunft/contracts';
import { PROFILE_KEY, TOKEN_KEY, createTokenStore } from './token-storage';
import { unsignedToken } from '../testing/tokens';

const tokenOf = (userId: string) => unsignedToken({ sub: userId, userId });
const profile = (id: string) => ({ id, firstName: 'Luca', email: 'luca@muster.ch' }) as SessionUser;

describe('token storage (part 1 §4)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  const store = () => createTokenStore(window.localStorage, window.sessionStorage);

  it('keeps the token in sessionStorage without rememberMe', () => {
    store().set('t1', false);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('t1');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store().get()).toBe('t1');
    expect(store().isPersistent()).toBe(false);
  });

  it('keeps the token in localStorage with rememberMe and removes a session copy', () => {
    window.sessionStorage.setItem(TOKEN_KEY, 'old');
    store().set('t2', true);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('t2');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store().isPersistent()).toBe(true);
  });

  it('a refreshed token (no rememberMe given) stays in the storage the session was in', () => {
    const s = store();
    s.set('long', true);
    s.set('long-2');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('long-2');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();

    s.clear();
    s.set('short', false);
    s.set('short-2');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('short-2');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clear removes the token everywhere', () => {
    window.localStorage.setItem(TOKEN_KEY, 'a');
    window.sessionStorage.setItem(TOKEN_KEY, 'b');
    const s = store();
    s.clear();
    expect(s.get()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  describe('the profile kept next to the token', () => {
    it('is saved where the token is and read back for the same user only', () => {
      const s = store();
      s.set(tokenOf('u1'), true);
      s.saveProfile(profile('u1'));
      expect(JSON.parse(window.localStorage.getItem(PROFILE_KEY) ?? 'null')).toMatchObject({ id: 'u1' });
      expect(window.sessionStorage.getItem(PROFILE_KEY)).toBeNull();
      expect(store().storedProfile()).toMatchObject({ id: 'u1', firstName: 'Luca' });

      s.set(tokenOf('u2'));
      expect(store().storedProfile()).toBeNull();
    });

    it('is not saved without a token, and goes with the token on clear', () => {
      const s = store();
      s.saveProfile(profile('u1'));
      expect(window.localStorage.getItem(PROFILE_KEY)).toBeNull();
      expect(window.sessionStorage.getItem(PROFILE_KEY)).toBeNull();

      s.set(tokenOf('u1'), false);
      s.saveProfile(profile('u1'));
      expect(window.sessionStorage.getItem(PROFILE_KEY)).not.toBeNull();
      s.clear();
      expect(window.sessionStorage.getItem(PROFILE_KEY)).toBeNull();
      expect(s.storedProfile()).toBeNull();
    });

    it('moves with the token when "remember me" changes where the token lives', () => {
      const s = store();
      s.set(tokenOf('u1'), false);
      s.saveProfile(profile('u1'));
      s.set(tokenOf('u1'), true);
      expect(window.sessionStorage.getItem(PROFILE_KEY)).toBeNull();
      expect(store().storedProfile()).toMatchObject({ id: 'u1' });
    });

    it('an unreadable kept profile counts as none', () => {
      const s = store();
      s.set(tokenOf('u1'), true);
      window.localStorage.setItem(PROFILE_KEY, '{broken');
      expect(s.storedProfile()).toBeNull();
    });
  });
});
