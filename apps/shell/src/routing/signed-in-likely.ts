import { matchRoute } from './route-table';

/**
 * Where web-common's token store keeps the access token (libs/web-common/src/session/token-storage.ts,
 * `TOKEN_KEY`; signed-in-likely.spec.ts checks they agree). Read here directly: this runs in the
 * entry chunk, before Module Federation has made the shared @zunft/web-common available.
 */
export const STORED_TOKEN_KEY = 'zunft.token';

/** Whether this tab holds a token (sessionStorage: without "remember me", localStorage: with). */
export function hasStoredToken(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(STORED_TOKEN_KEY) ?? window.localStorage.getItem(STORED_TOKEN_KEY));
  } catch {
    return false;
  }
}

/**
 * Whether the signed-in app will most likely be rendered once the session has started: a token is
 * stored and the address is a login-required page (or /app). A wrong guess (the token has expired)
 * only costs a download.
 */
export function signedInAppLikely(pathname: string, tokenStored: boolean): boolean {
  if (!tokenStored) return false;
  if (pathname === '/app' || pathname === '/app/') return true;
  return matchRoute(pathname)?.route.access.kind === 'auth';
}

/**
 * The signed-in app's chunks (antd, its styles, the layout and the dashboard). Started by the entry
 * as soon as it runs when `signedInAppLikely`, so they download while React, the router and the
 * session start (and GET /auth/profile runs) instead of after; AppRoutes' lazy component uses the
 * same import, which the bundler loads once.
 */
export const loadSignedInApp = () => import('../app/SignedInApp');
