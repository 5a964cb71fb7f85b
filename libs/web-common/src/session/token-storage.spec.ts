import { beforeEach, describe, expect, it } from '@jest/globals';
import { TOKEN_KEY, createTokenStore } from './token-storage';

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
});
