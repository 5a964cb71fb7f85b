import type { AuthResponse, ProfileResponse, SessionUser } from '@zunft/contracts';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { SUPERADMIN_TOKEN_KEY, type TokenStore } from './token-storage';
import { currentLanguage, i18n, isLanguage } from '../i18n/i18n';
import { minimalUserFromToken, offlineUserFromToken } from './jwt';

export interface SessionInitDeps {
  api: ApiClient;
  tokens: TokenStore;
  local: Storage | null;
  /** Current URL (read for `?superadminToken=`). */
  url: URL;
  /** Replaces the address bar without navigation (removes the super-admin token from the URL). */
  replaceUrl: (url: string) => void;
  notify: { success(text: string): void; error(text: string): void };
}

export interface SessionStart {
  /** The signed-in user, or null (anonymous). */
  user: SessionUser | null;
  /**
   * True when the profile could not be loaded (timeout, no connection, server error) and `user` only
   * holds what the stored token tells: the session goes on and the profile is loaded again later.
   */
  provisional: boolean;
}

/** The German text of the super-admin login toast (common:session.superadminSuccess in fr/it). */
export const SUPERADMIN_SUCCESS = 'SuperAdmin-Login erfolgreich!';

/** A session toast in `language` (the user's, when known), else the UI language. */
function sessionText(key: 'superadminSuccess' | 'superadminFailed' | 'loadFailed', language?: unknown): string {
  return i18n.t(`session.${key}`, { ns: 'common', ...(isLanguage(language) ? { lng: language } : {}) });
}

/**
 * Session start (part 1 §4 and the brief's super-admin rule):
 * 1. a `superadminToken` query parameter is moved to localStorage and removed from the URL;
 * 2. a pending super-admin token is exchanged once (POST /auth/superadmin-login) and removed;
 * 3. otherwise a stored access token is restored and GET /auth/profile loads the user
 *    (401 -> logged out; 403 requires_payment -> minimal user from the token; no answer -> the
 *    session stays with the user the token describes, provisional, with the names of the profile
 *    kept from the last start when it is the same user's).
 */
export async function initializeSession(deps: SessionInitDeps): Promise<SessionStart> {
  const { api, tokens, local, url } = deps;

  const fromUrl = url.searchParams.get('superadminToken');
  if (fromUrl) {
    try {
      local?.setItem(SUPERADMIN_TOKEN_KEY, fromUrl);
    } catch {
      // storage blocked: the token is still used below from memory
    }
    url.searchParams.delete('superadminToken');
    deps.replaceUrl(url.pathname + url.search + url.hash);
  }

  let pending: string | null = fromUrl;
  try {
    pending = local?.getItem(SUPERADMIN_TOKEN_KEY) ?? fromUrl;
    local?.removeItem(SUPERADMIN_TOKEN_KEY);
  } catch {
    // see above
  }
  if (pending) {
    try {
      const auth = await api.post<AuthResponse>('/auth/superadmin-login', { token: pending }, { authRedirect: false });
      tokens.set(auth.token, false);
      deps.notify.success(sessionText('superadminSuccess', auth.user.language));
      return { user: auth.user, provisional: false };
    } catch (error) {
      deps.notify.error(error instanceof ApiError ? error.message : sessionText('superadminFailed'));
    }
  }

  const anonymous: SessionStart = { user: null, provisional: false };
  if (!tokens.get()) return anonymous;
  try {
    const { user } = await api.get<ProfileResponse>('/auth/profile', { authRedirect: false });
    return { user, provisional: false };
  } catch (error) {
    if (error instanceof ApiError && error.requiresPayment) {
      return { user: minimalUserFromToken(tokens.get()), provisional: false };
    }
    if (error instanceof ApiError && error.status === 401) {
      tokens.clear();
      return anonymous;
    }
    // Weak reception, server unreachable or failing: that is no refusal (only a 401 ends the
    // session). Keep the token and go on as the user the token describes; a field employee opening
    // the app on a building site must not land on /login.
    deps.notify.error(error instanceof ApiError ? error.message : sessionText('loadFailed'));
    const user = offlineUserFromToken(tokens.get(), currentLanguage());
    if (!user) return anonymous;
    // The profile kept from the last session start (same user): name, company and e-mail while
    // the call cannot answer; role, subscription and language stay the token's (the newer word).
    const kept = tokens.storedProfile();
    if (!kept) return { user, provisional: true };
    const { email, companyName, firstName, lastName, craftsmanCategory, hourlyRate, lastLoginAt, companyLanguage } =
      kept;
    return {
      user: {
        ...user,
        email,
        companyName,
        firstName,
        lastName,
        first_name: firstName,
        last_name: lastName,
        craftsmanCategory,
        hourlyRate,
        lastLoginAt,
        ...(companyLanguage ? { companyLanguage } : {}),
      },
      provisional: true,
    };
  }
}
