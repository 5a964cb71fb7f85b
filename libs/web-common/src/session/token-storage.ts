/** Access-token storage (part 1 §4): sessionStorage, or localStorage when "remember me" is set. */
export const TOKEN_KEY = 'zunft.token';
/** One-time super-admin token moved here from the URL (`?superadminToken=`) until session init uses it. */
export const SUPERADMIN_TOKEN_KEY = 'zunft.superAdminToken';

export interface TokenStore {
  get(): string | null;
  /** Stores the token. Without `rememberMe` the token stays where the current one is (token refresh). */
  set(token: string, rememberMe?: boolean): void;
  clear(): void;
  /** True when the token lives in localStorage (survives closing the browser). */
  isPersistent(): boolean;
}

function safeGet(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function safeSet(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the session then only lives in memory of this page.
  }
}
function safeRemove(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // ignore: see safeSet
  }
}

export function createTokenStore(local: Storage | null, session: Storage | null): TokenStore {
  let memory: string | null = null;
  return {
    get() {
      return safeGet(session, TOKEN_KEY) ?? safeGet(local, TOKEN_KEY) ?? memory;
    },
    set(token, rememberMe) {
      const persistent = rememberMe ?? safeGet(local, TOKEN_KEY) !== null;
      memory = token;
      if (persistent) {
        safeRemove(session, TOKEN_KEY);
        safeSet(local, TOKEN_KEY, token);
      } else {
        safeRemove(local, TOKEN_KEY);
        safeSet(session, TOKEN_KEY, token);
      }
    },
    clear() {
      memory = null;
      safeRemove(session, TOKEN_KEY);
      safeRemove(local, TOKEN_KEY);
    },
    isPersistent() {
      return safeGet(local, TOKEN_KEY) !== null;
    },
  };
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export const localStore = (): Storage | null => browserStorage('localStorage');

/** The token store of this browser tab. */
export const tokenStore: TokenStore = createTokenStore(
  browserStorage('localStorage'),
  browserStorage('sessionStorage'),
);
