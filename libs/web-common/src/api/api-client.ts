import type { AuthResponse, ErrorBody, RequiresPaymentBody } from '@zunft/contracts';
// The zod-free part of contracts: the package's index would bring zod onto the landing page.
import { ACCOUNT_DEACTIVATED_CODE } from '@zunft/contracts/codes';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE, apiErrorText, fallbackMessage } from './api-error';
import type { TokenStore } from '../session/token-storage';
import type { SessionEventBus } from '../session/session-events';
import { newTraceparent } from './traceparent';

export interface RequestOptions {
  /** Caller's abort signal (e.g. TanStack Query cancellation). An abort by the caller is rethrown as is. */
  signal?: AbortSignal;
  /** Override of the 10 s timeout. */
  timeoutMs?: number;
  /**
   * When false, a refused refresh still logs out but does not navigate to /login (session start on a
   * public page, logout call). Default true.
   */
  authRedirect?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** multipart/form-data (files); the browser sets the boundary header. Timeout 60 s. */
  upload<T>(path: string, formData: FormData, method?: 'POST' | 'PUT', options?: RequestOptions): Promise<T>;
  /** Binary download (PDF etc.). Timeout 60 s. */
  blob(path: string, options?: RequestOptions): Promise<Blob>;
  /**
   * Runs `change` (a company switch, issue 26), after which the page loads again with the new
   * session. The change ends the old session, so calls still in flight with the old token answer
   * 401: from the start of the change on, such a 401 is only that call's error (no refresh, no
   * logout), because a refresh now would race the new session's cookie and sign the person out. On
   * failure the client works as before.
   */
  changeSession<T>(change: () => Promise<T>): Promise<T>;
}

export interface ApiClientDeps {
  /** Prefix of every path. Default '/api'. */
  baseUrl?: string;
  /** Resolved at call time so tests and polyfills can replace the global later. */
  fetch?: () => typeof fetch;
  tokens: TokenStore;
  events: SessionEventBus;
  navigate: (to: string) => void;
  location: () => { pathname: string; search: string };
  timeoutMs?: number;
  transferTimeoutMs?: number;
  /** Shows why the user was signed out (the German server message), e.g. `toast.error`. */
  notify?: (message: string) => void;
  /**
   * The UI language, sent as Accept-Language (issue 15): servers answer in it when no signed-in
   * user's language decides (login, registration, the gateway's own errors).
   */
  language?: () => string;
}

/** Auth calls whose 401 means "wrong credentials / no session", never "refresh and retry". */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout', '/auth/superadmin-login'];
/** Answers of /auth/refresh that end the session; anything else failing is a transport problem. */
const REFRESH_REFUSALS = [400, 401, 403];
const BAD_RESPONSE_MESSAGE = 'Ungültige Antwort vom Server';
const GUEST_PAGES = ['/login', '/register'];
const PAYMENT_PAGES = ['/login', '/register', '/payment', '/payment-success'];
const PAYMENTS_TAB = '/settings?tab=payments';

type Payload = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData };

interface Call {
  method: string;
  path: string;
  payload: Payload;
  responseType: 'json' | 'blob';
  options: RequestOptions;
  timeoutMs: number;
}

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

function hasCode(body: unknown, code: string): boolean {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === code;
}

function isRequiresPayment(body: unknown): body is RequiresPaymentBody {
  return hasCode(body, 'requires_payment');
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/api';
  const getFetch = deps.fetch ?? (() => globalThis.fetch.bind(globalThis));
  const defaultTimeout = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const transferTimeout = deps.transferTimeoutMs ?? 60_000;
  let refreshing: Promise<boolean> | null = null;
  /** A session change is under way (changeSession): 401s are not refreshed. */
  let changingSession = false;

  /** One fetch with timeout; transport failures become ApiError, caller aborts are rethrown. */
  async function send(call: Call, withToken: boolean): Promise<{ response: Response; data: unknown }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, call.timeoutMs);
    const callerSignal = call.options.signal;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal) {
      if (callerSignal.aborted) controller.abort(callerSignal.reason);
      else callerSignal.addEventListener('abort', onCallerAbort, { once: true });
    }

    const headers: Record<string, string> = { Accept: call.responseType === 'json' ? 'application/json' : '*/*' };
    let body: BodyInit | undefined;
    if (call.payload.kind === 'json') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.payload.value);
    } else if (call.payload.kind === 'form') {
      body = call.payload.value;
    }
    const token = withToken ? deps.tokens.get() : null;
    if (token) headers['Authorization'] = `Bearer ${token}`;
    const language = deps.language?.();
    if (language) headers['Accept-Language'] = language;
    // One trace per call, continued by the gateway, the services, NATS and the worker (issue 27).
    headers['traceparent'] = newTraceparent();

    try {
      const response = await getFetch()(baseUrl + call.path, {
        method: call.method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      let data: unknown = null;
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && call.responseType === 'blob') {
        data = await response.blob();
      } else if (response.status !== 204 && type.includes('json')) {
        const text = await response.text();
        data = text ? (JSON.parse(text) as unknown) : null;
      } else if (response.status !== 204) {
        const text = await response.text();
        data = text || null;
      }
      return { response, data };
    } catch (error) {
      if (timedOut) throw new ApiError(408, apiErrorText('timeout', TIMEOUT_MESSAGE), null, 'timeout');
      if (callerSignal?.aborted) throw error;
      if (error instanceof SyntaxError)
        throw new ApiError(502, apiErrorText('badResponse', BAD_RESPONSE_MESSAGE), null, 'bad_response');
      throw new ApiError(0, apiErrorText('network', NETWORK_MESSAGE), null, 'network');
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * POST /auth/refresh once, shared by every call that got a 401 meanwhile. Resolves false only when
   * auth refuses the refresh (400/401/403: the session is over). A timeout, a lost connection or a
   * server error is no refusal (part 1 §8, field staff on weak reception): it is thrown as ApiError,
   * the token and the refresh cookie stay, and the next call simply tries again.
   */
  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const { response, data } = await send(
          {
            method: 'POST',
            path: '/auth/refresh',
            payload: { kind: 'none' },
            responseType: 'json',
            options: {},
            timeoutMs: defaultTimeout,
          },
          false,
        );
        if (REFRESH_REFUSALS.includes(response.status)) return false;
        if (!response.ok) throw toError(response.status, data);
        const auth = data as AuthResponse | null;
        if (!auth?.token)
          throw new ApiError(502, apiErrorText('badResponse', BAD_RESPONSE_MESSAGE), null, 'bad_response');
        deps.tokens.set(auth.token);
        if (auth.user) deps.events.emit({ type: 'user', user: auth.user });
        return true;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function forceLogout(options: RequestOptions, data: unknown): void {
    const deactivated = hasCode(data, ACCOUNT_DEACTIVATED_CODE);
    const wasSignedIn = deps.tokens.get() !== null;
    deps.tokens.clear();
    deps.events.emit({ type: 'logout', reason: deactivated ? 'deactivated' : 'expired' });
    // Said once: parallel calls that got the same answer find the token already gone.
    if (deactivated && wasSignedIn) deps.notify?.(toError(401, data).message);
    const { pathname } = deps.location();
    if (options.authRedirect !== false && !GUEST_PAGES.includes(pathname)) deps.navigate('/login');
  }

  function toError(status: number, data: unknown): ApiError {
    const body = typeof data === 'object' && data !== null ? (data as ErrorBody & Record<string, unknown>) : null;
    const message = typeof body?.error === 'string' && body.error.trim() ? body.error : fallbackMessage(status);
    return new ApiError(status, message, body);
  }

  async function run<T>(call: Call): Promise<T> {
    const route = pathOnly(call.path);
    const hadToken = deps.tokens.get() !== null;
    let { response, data } = await send(call, true);

    if (response.status === 401 && changingSession) throw toError(401, data);
    if (response.status === 401 && !NO_REFRESH_PATHS.includes(route)) {
      // A deactivated or deleted account gets no new token (auth revoked its refresh tokens): no refresh.
      // A refresh that fails in transport throws here: no logout, the caller shows the error.
      const refreshed = hadToken && !hasCode(data, ACCOUNT_DEACTIVATED_CODE) && (await refresh());
      if (refreshed) ({ response, data } = await send(call, true));
      if (!refreshed || response.status === 401) {
        forceLogout(call.options, data);
        throw toError(401, data);
      }
    }

    if (response.status === 403 && isRequiresPayment(data) && route !== '/auth/profile') {
      if (deps.tokens.get() !== null) {
        deps.events.emit({ type: 'requires-payment', body: data });
        const { pathname, search } = deps.location();
        if (!PAYMENT_PAGES.includes(pathname) && pathname + search !== PAYMENTS_TAB) deps.navigate(PAYMENTS_TAB);
      }
    }

    if (!response.ok) throw toError(response.status, data);
    return (response.status === 204 ? undefined : data) as T;
  }

  const json = (method: string, path: string, body: unknown, options: RequestOptions = {}): Call => ({
    method,
    path,
    payload: body === undefined ? { kind: 'none' } : { kind: 'json', value: body },
    responseType: 'json',
    options,
    timeoutMs: options.timeoutMs ?? defaultTimeout,
  });

  async function changeSession<T>(change: () => Promise<T>): Promise<T> {
    changingSession = true;
    try {
      // a refresh already under way finishes first: its new cookie must not land after the change's
      await refreshing?.catch(() => undefined);
      return await change();
    } catch (error) {
      changingSession = false;
      throw error;
    }
  }

  return {
    changeSession,
    get: (path, options) => run(json('GET', path, undefined, options)),
    post: (path, body, options) => run(json('POST', path, body, options)),
    put: (path, body, options) => run(json('PUT', path, body, options)),
    patch: (path, body, options) => run(json('PATCH', path, body, options)),
    delete: (path, options) => run(json('DELETE', path, undefined, options)),
    upload: (path, formData, method = 'POST', options = {}) =>
      run({
        method,
        path,
        payload: { kind: 'form', value: formData },
        responseType: 'json',
        options,
        timeoutMs: options.timeoutMs ?? transferTimeout,
      }),
    blob: (path, options = {}) =>
      run<Blob>({
        method: 'GET',
        path,
        payload: { kind: 'none' },
        responseType: 'blob',
        options,
        timeoutMs: options.timeoutMs ?? transferTimeout,
      }),
  };
}
