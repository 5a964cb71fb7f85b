import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthResponse, LoginRequest, ProfileResponse, RegisterRequest, SessionUser } from '@zunft/contracts';
import { api } from '../api/api';
import type { ApiClient } from '../api/api-client';
import { queryClient } from '../query/query-client';
import { setLanguage } from '../i18n/i18n';
import { toast } from '../toast/toast';
import { sessionEvents, type SessionEventBus } from './session-events';
import { localStore, tokenStore, type TokenStore } from './token-storage';
import { initializeSession } from './session-init';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** A session started without its profile (weak reception) tries to load it again this often. */
export const PROFILE_RETRY_MS = 30_000;

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** role admin */
  isAdmin: boolean;
  /** role admin or backoffice */
  isBackoffice: boolean;
  /** role employee */
  isEmployee: boolean;
  /** POST /auth/login; stores the token (localStorage only with rememberMe). Throws ApiError. */
  login(request: LoginRequest): Promise<SessionUser>;
  /** POST /auth/register; always "remember me" (part 1 §4). Throws ApiError. */
  register(request: RegisterRequest): Promise<SessionUser>;
  /** Revokes the refresh token (best effort), clears token, user and cached queries. */
  logout(): Promise<void>;
  /** GET /auth/profile and update the user. */
  refreshProfile(): Promise<SessionUser | null>;
  setUser(user: SessionUser | null): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
  /** For tests and the standalone remotes; defaults are the browser singletons. */
  client?: ApiClient;
  tokens?: TokenStore;
  events?: SessionEventBus;
}

export function SessionProvider({
  children,
  client = api,
  tokens = tokenStore,
  events = sessionEvents,
}: SessionProviderProps) {
  const [state, setState] = useState<{ status: SessionStatus; user: SessionUser | null }>({
    status: 'loading',
    user: null,
  });
  /** The user only holds the token's claims: the profile is still to be loaded. */
  const [provisional, setProvisional] = useState(false);
  const started = useRef(false);

  const setUser = useCallback((user: SessionUser | null) => {
    setState({ status: user ? 'authenticated' : 'anonymous', user });
    setProvisional(false);
    if (user?.language) setLanguage(user.language);
  }, []);

  useEffect(() => {
    // StrictMode mounts effects twice: the super-admin token is single use, so start only once.
    if (started.current) return;
    started.current = true;
    void initializeSession({
      api: client,
      tokens,
      local: localStore(),
      url: new URL(window.location.href),
      replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
      notify: toast,
    }).then((start) => {
      setUser(start.user);
      setProvisional(start.provisional);
    });
  }, [client, tokens, setUser]);

  // The loaded profile is kept next to the token (token-storage PROFILE_KEY) for the next start:
  // the app shell of index.html and a start without reception show the user's name from it. A
  // provisional user or the payment gate's minimal one (the token's claims only, no e-mail) is not kept.
  useEffect(() => {
    if (state.user?.email && !provisional) tokens.saveProfile(state.user);
  }, [state.user, provisional, tokens]);

  // Started without a connection: load the profile when the browser is back online and every
  // PROFILE_RETRY_MS meanwhile. Failures stay silent (the start already said so); a refused session
  // ends through the API client's logout.
  useEffect(() => {
    if (!provisional) return;
    let active = true;
    let loading = false;
    const retry = () => {
      if (loading) return;
      loading = true;
      client
        .get<ProfileResponse>('/auth/profile')
        .then(({ user }) => {
          if (active) setUser(user);
        })
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    };
    const timer = setInterval(retry, PROFILE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      active = false;
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [provisional, client, setUser]);

  useEffect(
    () =>
      events.subscribe((event) => {
        if (event.type === 'logout') {
          queryClient.clear();
          setState({ status: 'anonymous', user: null });
          setProvisional(false);
        } else if (event.type === 'user') {
          // A token refresh answers the full user: a provisional session is complete now.
          setState((s) => (s.user ? { status: 'authenticated', user: { ...s.user, ...event.user } } : s));
          setProvisional(false);
        } else if (event.type === 'requires-payment') {
          setState((s) =>
            s.user
              ? {
                  status: 'authenticated',
                  user: {
                    ...s.user,
                    requiresPayment: true,
                    subscriptionStatus: event.body.subscription_status ?? s.user.subscriptionStatus,
                    trialEndsAt: event.body.trial_ends_at ?? s.user.trialEndsAt,
                  },
                }
              : s,
          );
        }
      }),
    [events],
  );

  const login = useCallback(
    async (request: LoginRequest) => {
      const auth = await client.post<AuthResponse>('/auth/login', request);
      tokens.set(auth.token, request.rememberMe ?? false);
      setUser(auth.user);
      return auth.user;
    },
    [client, tokens, setUser],
  );

  const register = useCallback(
    async (request: RegisterRequest) => {
      const auth = await client.post<AuthResponse>('/auth/register', { ...request, rememberMe: true });
      tokens.set(auth.token, true);
      setUser(auth.user);
      return auth.user;
    },
    [client, tokens, setUser],
  );

  const logout = useCallback(async () => {
    const revoke = client.post('/auth/logout', undefined, { authRedirect: false }).catch(() => undefined);
    tokens.clear();
    queryClient.clear();
    setState({ status: 'anonymous', user: null });
    setProvisional(false);
    await revoke;
  }, [client, tokens]);

  const refreshProfile = useCallback(async () => {
    const { user } = await client.get<{ user: SessionUser }>('/auth/profile');
    setUser(user);
    return user;
  }, [client, setUser]);

  const value = useMemo<SessionContextValue>(() => {
    const role = state.user?.role;
    return {
      ...state,
      isAdmin: role === 'admin',
      isBackoffice: role === 'admin' || role === 'backoffice',
      isEmployee: role === 'employee',
      login,
      register,
      logout,
      refreshProfile,
      setUser,
    };
  }, [state, login, register, logout, refreshProfile, setUser]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() braucht einen <SessionProvider> weiter oben im Baum');
  return value;
}
