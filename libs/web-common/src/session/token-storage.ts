import type { SessionUser } from '@zunft/contracts';
import { decodeTokenClaims } from './jwt';

/** Access-token storage (part 1 §4): sessionStorage, or localStorage when "remember me" is set. */
export const TOKEN_KEY = 'zunft.token';
/**
 * The last profile loaded for the stored token, kept in the same storage as the token and removed
 * with it: the welcome line and the top bar before the profile call has answered (the app shell of
 * index.html, apps/shell/src/app-shell) and while it cannot answer (no reception).
 */
export const PROFILE_KEY = 'zunft.profile';
/** One-time super-admin token moved here from the URL (`?superadminToken=`) until session init uses it. */
export const SUPERADMIN_TOKEN_KEY = 'zunft.superAdminToken';

export interface TokenStore {
  get(): string | null;
  /** Stores the token. Without `rememberMe` the token stays where the current one is (token refresh). */
  set(token: string, rememberMe?: boolean): void;
  clear(): void;
  /** True when the token lives in localStorage (survives closing the browser). */
  isPersistent(): boolean;
  /** Keeps `user` as the stored token's profile (next to the token; nothing without a token). */
  saveProfile(user: SessionUser): void;
  /** The kept profile, when it belongs to the stored token's user. */
  storedProfile(): SessionUser | null;
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
  const get = () => safeGet(session, TOKEN_KEY) ?? safeGet(local, TOKEN_KEY) ?? memory;
  return {
    get,
    set(token, rememberMe) {
      const persistent = rememberMe ?? safeGet(local, TOKEN_KEY) !== null;
      memory = token;
      // The profile follows the token into its storage (it was the same user's: storedProfile checks).
      const profile = safeGet(session, PROFILE_KEY) ?? safeGet(local, PROFILE_KEY);
      const [from, to] = persistent ? [session, local] : [local, session];
      safeRemove(from, TOKEN_KEY);
      safeRemove(from, PROFILE_KEY);
      safeSet(to, TOKEN_KEY, token);
      if (profile !== null) safeSet(to, PROFILE_KEY, profile);
    },
    clear() {
      memory = null;
      for (const storage of [session, local]) {
        safeRemove(storage, TOKEN_KEY);
        safeRemove(storage, PROFILE_KEY);
      }
    },
    isPersistent() {
      return safeGet(local, TOKEN_KEY) !== null;
    },
    saveProfile(user) {
      const storage =
        safeGet(session, TOKEN_KEY) !== null ? session : safeGet(local, TOKEN_KEY) !== null ? local : null;
      if (storage) safeSet(storage, PROFILE_KEY, JSON.stringify(user));
    },
    storedProfile() {
      const claims = decodeTokenClaims(get());
      const raw = safeGet(session, PROFILE_KEY) ?? safeGet(local, PROFILE_KEY);
      if (!claims || !raw) return null;
      try {
        const user = JSON.parse(raw) as SessionUser;
        return user && typeof user === 'object' && user.id === (claims.userId ?? claims.sub) ? user : null;
      } catch {
        return null;
      }
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
