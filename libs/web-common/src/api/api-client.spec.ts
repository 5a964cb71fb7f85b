/** @jest-environment node */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createApiClient, type ApiClient } from './api-client';
import { newTraceparent } from './traceparent';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './api-error';
import { createSessionEventBus, type SessionEvent } from '../session/session-events';
import type { TokenStore } from '../session/token-storage';
import { setLanguage } from '../i18n/i18n';

/** The browser boundary: a scripted fetch that records every request. */
type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
interface Recorded {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function memoryTokens(initial: string | null): TokenStore & { value: string | null } {
  const t = {
    value: initial,
    get: () => t.value,
    set: (token: string) => {
      t.value = token;
    },
    clear: () => {
      t.value = null;
    },
    isPersistent: () => false,
    saveProfile: () => undefined,
    storedProfile: () => null,
  };
  return t;
}

function setup(opts: { token?: string | null; path?: string; search?: string; timeoutMs?: number } = {}) {
  const requests: Recorded[] = [];
  const handlers: Handler[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      auth: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    });
    const handler = handlers.shift();
    if (!handler) throw new Error(`unexpected request ${init.method} ${String(input)}`);
    return handler(String(input), init);
  });
  const tokens = memoryTokens(opts.token === undefined ? 'old-token' : opts.token);
  const events = createSessionEventBus();
  const seen: SessionEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const navigate = jest.fn<(to: string) => void>();
  const notify = jest.fn<(message: string) => void>();
  const location = { pathname: opts.path ?? '/dashboard', search: opts.search ?? '' };
  const client: ApiClient = createApiClient({
    fetch: () => fetchStub as unknown as typeof fetch,
    tokens,
    events,
    navigate,
    location: () => location,
    timeoutMs: opts.timeoutMs,
    notify,
  });
  return { client, requests, handlers, tokens, events: seen, navigate, notify, location };
}

const requiresPayment = {
  error: 'Ihr Testzeitraum ist abgelaufen. Bitte wählen Sie ein Abonnement.',
  code: 'requires_payment',
  requires_payment: true,
  subscription_status: 'trial',
  trial_ends_at: '2025-01-01T00:00:00.000Z',
};

describe('api client', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('sends JSON with the bearer token and same-origin credentials under /api', async () => {
    t.handlers.push(() => json(201, { id: '1' }));
    const result = await t.client.post<{ id: string }>('/customers', { name: 'Muster AG' });
    expect(result).toEqual({ id: '1' });
    expect(t.requests[0]).toMatchObject({
      url: '/api/customers',
      method: 'POST',
      auth: 'Bearer old-token',
      body: { name: 'Muster AG' },
      credentials: 'same-origin',
    });
  });

  it('on 401 refreshes once and retries the request with the new token', async () => {
    const user = { id: 'u1', firstName: 'Anna' };
    t.handlers.push(
      () => json(401, { error: 'Token abgelaufen' }),
      () => json(200, { token: 'new-token', expiresIn: 900, user }),
      () => json(200, [{ id: 'c1' }]),
    );
    await expect(t.client.get('/customers')).resolves.toEqual([{ id: 'c1' }]);
    expect(t.requests.map((r) => `${r.method} ${r.url} ${r.auth ?? '-'}`)).toEqual([
      'GET /api/customers Bearer old-token',
      'POST /api/auth/refresh -',
      'GET /api/customers Bearer new-token',
    ]);
    expect(t.requests[1]?.credentials).toBe('same-origin');
    expect(t.tokens.value).toBe('new-token');
    expect(t.events).toContainEqual({ type: 'user', user });
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('during a session change (company switch) a 401 of a call in flight neither refreshes nor logs out', async () => {
    let answerSwitch: (r: Response) => void = () => undefined;
    t.handlers.push(() => new Promise<Response>((resolve) => (answerSwitch = resolve)));
    const switching = t.client.changeSession(() => t.client.post<{ token: string }>('/auth/switch-company', {}));
    for (let i = 0; i < 20 && t.requests.length === 0; i++) await Promise.resolve(); // the switch is sent
    // the old page's call, sent before the switch answered, now meets the ended session
    t.handlers.push(() => json(401, { error: 'Token abgelaufen' }));
    const stale = await t.client.get('/notifications').catch((e: unknown) => e);
    expect((stale as ApiError).status).toBe(401);
    answerSwitch(json(200, { token: 'token-of-a' }));
    await expect(switching).resolves.toEqual({ token: 'token-of-a' });
    expect(t.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/auth/switch-company',
      'GET /api/notifications',
    ]);
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.events).not.toContainEqual(expect.objectContaining({ type: 'logout' }));
    expect(t.tokens.value).toBe('old-token');
  });

  it('a failed session change leaves the client as before: the next 401 refreshes', async () => {
    t.handlers.push(() => json(403, { error: 'Kein Zugang zu dieser Firma' }));
    await expect(t.client.changeSession(() => t.client.post('/auth/switch-company', {}))).rejects.toBeInstanceOf(
      ApiError,
    );
    t.handlers.push(
      () => json(401, {}),
      () => json(200, { token: 'new-token', expiresIn: 900, user: { id: 'u1' } }),
      () => json(200, 'ok'),
    );
    await expect(t.client.get('/a')).resolves.toBe('ok');
    expect(t.tokens.value).toBe('new-token');
  });

  it('shares one refresh between parallel 401 answers', async () => {
    t.handlers.push(
      () => json(401, {}),
      () => json(401, {}),
      async () => json(200, { token: 'new-token', expiresIn: 900, user: { id: 'u1' } }),
      () => json(200, 'a'),
      () => json(200, 'b'),
    );
    await Promise.all([t.client.get('/a'), t.client.get('/b')]);
    expect(t.requests.filter((r) => r.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails: logs out and goes to /login', async () => {
    t.handlers.push(
      () => json(401, {}),
      () => json(401, { error: 'Sitzung abgelaufen' }),
    );
    const error = await t.client.get('/customers').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(t.requests).toHaveLength(2);
    expect(t.tokens.value).toBeNull();
    expect(t.events).toContainEqual({ type: 'logout', reason: 'expired' });
    expect(t.navigate).toHaveBeenCalledWith('/login');
  });

  it('a refresh refused with 400 or 403 also logs out', async () => {
    for (const status of [400, 403]) {
      t = setup();
      t.handlers.push(
        () => json(401, {}),
        () => json(status, { error: 'Ungültige Sitzung' }),
      );
      await expect(t.client.get('/customers')).rejects.toMatchObject({ status: 401 });
      expect(t.tokens.value).toBeNull();
      expect(t.events).toEqual([{ type: 'logout', reason: 'expired' }]);
      expect(t.navigate).toHaveBeenCalledWith('/login');
    }
  });

  /** The refresh answer never comes: the request hangs until our timeout aborts it. */
  const hang: Handler = (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  /** Still signed in: token kept, no logout event, no redirect. */
  function expectStillSignedIn() {
    expect(t.tokens.value).toBe('old-token');
    expect(t.events).toEqual([]);
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.notify).not.toHaveBeenCalled();
  }

  it('a refresh that times out keeps the session and hands the timeout to the caller', async () => {
    t = setup({ timeoutMs: 30 });
    t.handlers.push(() => json(401, { error: 'Token abgelaufen', code: 'token_expired' }), hang);
    const error = await t.client.post('/expenses', { amount: 12.5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, code: 'timeout', message: TIMEOUT_MESSAGE });
    expectStillSignedIn();

    // Better reception: the user sends the form again, the refresh now works.
    t.handlers.push(
      () => json(401, { error: 'Token abgelaufen', code: 'token_expired' }),
      () => json(200, { token: 'new-token', expiresIn: 900, user: { id: 'u1' } }),
      () => json(201, { id: 'e1' }),
    );
    await expect(t.client.post('/expenses', { amount: 12.5 })).resolves.toEqual({ id: 'e1' });
    expect(t.tokens.value).toBe('new-token');
    expect(t.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/expenses',
      'POST /api/auth/refresh',
      'POST /api/expenses',
      'POST /api/auth/refresh',
      'POST /api/expenses',
    ]);
  });

  it('a refresh without connection keeps the session and hands "Keine Verbindung" to the caller', async () => {
    t.handlers.push(
      () => json(401, {}),
      () => {
        throw new TypeError('Failed to fetch');
      },
    );
    await expect(t.client.get('/customers')).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: NETWORK_MESSAGE,
    });
    expect(t.requests).toHaveLength(2);
    expectStillSignedIn();
  });

  it('a refresh answered with a server error (5xx) keeps the session and hands that error over', async () => {
    for (const [status, body] of [
      [503, { error: 'Dienst vorübergehend nicht verfügbar' }],
      [502, 'Bad Gateway'],
    ] as const) {
      t = setup();
      t.handlers.push(
        () => json(401, {}),
        () => (typeof body === 'string' ? new Response(body, { status }) : json(status, body)),
      );
      const error = await t.client.get('/customers').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status,
        message: typeof body === 'string' ? 'Serverfehler – bitte später erneut versuchen' : body.error,
      });
      expectStillSignedIn();
    }
  });

  it('a refresh answer without a token is a bad answer, not a logout', async () => {
    t.handlers.push(
      () => json(401, {}),
      () => json(200, {}),
    );
    await expect(t.client.get('/customers')).rejects.toMatchObject({ status: 502, code: 'bad_response' });
    expectStillSignedIn();
  });

  it('parallel calls waiting on a refresh that fails in transport all get the error, none logs out', async () => {
    t.handlers.push(
      () => json(401, {}),
      () => json(401, {}),
      () => {
        throw new TypeError('Failed to fetch');
      },
    );
    const results = await Promise.allSettled([t.client.get('/a'), t.client.post('/b', {})]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as ApiError).code)).toEqual(['network', 'network']);
    expect(t.requests.filter((r) => r.url === '/api/auth/refresh')).toHaveLength(1);
    expectStillSignedIn();
  });

  it('when the retried request is 401 again: logs out, no second refresh', async () => {
    t.handlers.push(
      () => json(401, {}),
      () => json(200, { token: 'new-token', expiresIn: 900, user: { id: 'u1' } }),
      () => json(401, {}),
    );
    await expect(t.client.get('/customers')).rejects.toMatchObject({ status: 401 });
    expect(t.requests).toHaveLength(3);
    expect(t.tokens.value).toBeNull();
    expect(t.navigate).toHaveBeenCalledWith('/login');
  });

  it('without a token a 401 logs out without trying to refresh', async () => {
    t = setup({ token: null });
    t.handlers.push(() => json(401, {}));
    await expect(t.client.get('/customers')).rejects.toMatchObject({ status: 401 });
    expect(t.requests).toHaveLength(1);
    expect(t.navigate).toHaveBeenCalledWith('/login');
  });

  const deactivated = {
    error: 'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
    code: 'account_deactivated',
    requestId: 'r1',
  };

  it('401 account_deactivated: signs out at once (no refresh), goes to /login and says why', async () => {
    t.handlers.push(() => json(401, deactivated));
    const error = await t.client.get('/projects').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'account_deactivated', message: deactivated.error });
    expect(t.requests.map((r) => r.url)).toEqual(['/api/projects']);
    expect(t.tokens.value).toBeNull();
    expect(t.events).toEqual([{ type: 'logout', reason: 'deactivated' }]);
    expect(t.navigate).toHaveBeenCalledWith('/login');
    expect(t.notify.mock.calls).toEqual([[deactivated.error]]);
  });

  it('parallel calls refused as deactivated say it once', async () => {
    t.handlers.push(
      () => json(401, deactivated),
      () => json(401, deactivated),
    );
    await Promise.allSettled([t.client.get('/a'), t.client.post('/b', {})]);
    expect(t.requests).toHaveLength(2);
    expect(t.notify).toHaveBeenCalledTimes(1);
    expect(t.tokens.value).toBeNull();
  });

  it('a retried call answered account_deactivated (after a refresh) also says why', async () => {
    t.handlers.push(
      () => json(401, { error: 'Ihre Sitzung ist abgelaufen.', code: 'token_expired' }),
      () => json(200, { token: 'new-token', expiresIn: 900, user: { id: 'u1' } }),
      () => json(401, deactivated),
    );
    await expect(t.client.get('/quotes')).rejects.toMatchObject({ status: 401, code: 'account_deactivated' });
    expect(t.requests).toHaveLength(3);
    expect(t.tokens.value).toBeNull();
    expect(t.events).toContainEqual({ type: 'logout', reason: 'deactivated' });
    expect(t.notify.mock.calls).toEqual([[deactivated.error]]);
  });

  it('other 401 answers sign out without a message (as before)', async () => {
    t.handlers.push(
      () => json(401, { error: 'Bitte melden Sie sich an', code: 'unauthenticated' }),
      () => json(401, { error: 'Sitzung abgelaufen', code: 'refresh_invalid' }),
    );
    await expect(t.client.get('/customers')).rejects.toMatchObject({ status: 401 });
    expect(t.events).toEqual([{ type: 'logout', reason: 'expired' }]);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('does not navigate to /login when already on /login or /register', async () => {
    for (const path of ['/login', '/register']) {
      t = setup({ path });
      t.handlers.push(
        () => json(401, {}),
        () => json(401, {}),
      );
      await expect(t.client.get('/customers')).rejects.toBeInstanceOf(ApiError);
      expect(t.navigate).not.toHaveBeenCalled();
      expect(t.tokens.value).toBeNull();
    }
  });

  it('a 401 of the login call is handed back with the server message (no refresh)', async () => {
    t = setup({ token: null, path: '/login' });
    t.handlers.push(() => json(401, { error: 'E-Mail oder Passwort ist falsch' }));
    await expect(t.client.post('/auth/login', { email: 'a@b.ch', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'E-Mail oder Passwort ist falsch',
    });
    expect(t.requests).toHaveLength(1);
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('403 requires_payment marks the user and redirects to the payments tab', async () => {
    t.handlers.push(() => json(403, requiresPayment));
    const error = (await t.client.get('/customers').catch((e: unknown) => e)) as ApiError;
    expect(error.requiresPayment).toBe(true);
    expect(error.message).toBe(requiresPayment.error);
    expect(t.events).toContainEqual({ type: 'requires-payment', body: requiresPayment });
    expect(t.navigate).toHaveBeenCalledWith('/settings?tab=payments');
  });

  it('403 requires_payment does not redirect on login/register/payment pages, nor for the profile call', async () => {
    for (const path of ['/login', '/register', '/payment', '/payment-success']) {
      t = setup({ path });
      t.handlers.push(() => json(403, requiresPayment));
      await expect(t.client.get('/customers')).rejects.toMatchObject({ status: 403 });
      expect(t.navigate).not.toHaveBeenCalled();
    }
    t = setup();
    t.handlers.push(() => json(403, requiresPayment));
    await expect(t.client.get('/auth/profile')).rejects.toMatchObject({ status: 403, code: 'requires_payment' });
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.events).toEqual([]);
  });

  it('a plain 403 is handed back without redirect', async () => {
    t.handlers.push(() => json(403, { error: 'Keine Berechtigung' }));
    await expect(t.client.delete('/users/1')).rejects.toMatchObject({ status: 403, message: 'Keine Berechtigung' });
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('times out after the configured time with the German message', async () => {
    t = setup({ timeoutMs: 30 });
    t.handlers.push(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = (await t.client.get('/slow').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(error.message).toBe('Zeitüberschreitung – bitte erneut versuchen');
    expect(error.code).toBe('timeout');
  });

  it('a network failure becomes "Keine Verbindung zum Server"', async () => {
    t.handlers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(t.client.get('/x')).rejects.toMatchObject({ status: 0, message: NETWORK_MESSAGE, code: 'network' });
  });

  it("a French or Italian user gets the client's own error texts in their language", async () => {
    try {
      setLanguage('fr');
      t.handlers.push(() => {
        throw new TypeError('Failed to fetch');
      });
      await expect(t.client.get('/x')).rejects.toMatchObject({ message: 'Pas de connexion au serveur' });
      t.handlers.push(() => new Response('oops', { status: 500 }));
      await expect(t.client.get('/x')).rejects.toMatchObject({
        message: 'Erreur du serveur – veuillez réessayer plus tard',
      });
      setLanguage('it');
      t.handlers.push(() => new Response('', { status: 404 }));
      await expect(t.client.get('/x')).rejects.toMatchObject({ message: 'Non trovato' });
      // The server's own text (already in the user's language) is never replaced.
      t.handlers.push(() => json(400, { error: 'Nome dell’azienda / nome: campo obbligatorio' }));
      await expect(t.client.get('/x')).rejects.toMatchObject({
        message: 'Nome dell’azienda / nome: campo obbligatorio',
      });
    } finally {
      setLanguage('de');
    }
  });

  it('an abort by the caller is rethrown as is (query cancellation)', async () => {
    const controller = new AbortController();
    t.handlers.push(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = t.client.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses a German fallback when the error body has no error field', async () => {
    t.handlers.push(() => new Response('oops', { status: 500 }));
    await expect(t.client.get('/x')).rejects.toMatchObject({
      status: 500,
      message: 'Serverfehler – bitte später erneut versuchen',
    });
  });

  it('returns undefined for 204 and a Blob for blob()', async () => {
    t.handlers.push(
      () => new Response(null, { status: 204 }),
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    await expect(t.client.delete('/x/1')).resolves.toBeUndefined();
    const blob = await t.client.blob('/invoices/1/pdf');
    expect(blob.size).toBe(4);
  });

  it('upload sends FormData without a JSON content type', async () => {
    t.handlers.push(() => json(200, { logoUrl: '/files/logo.png' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'logo.png');
    await t.client.upload('/companies/logo', form);
    expect(t.requests[0]?.body).toBeInstanceOf(FormData);
    const call = (t as unknown as { requests: Recorded[] }).requests[0];
    expect(call?.method).toBe('POST');
  });
});

describe('Accept-Language (issue 15)', () => {
  it('sends the UI language of the moment with every call, none without a language source', async () => {
    const seen: Array<string | null> = [];
    let language = 'fr';
    const fetchStub = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push(new Headers(init.headers).get('accept-language'));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const deps = {
      fetch: () => fetchStub as unknown as typeof fetch,
      tokens: memoryTokens(null),
      events: createSessionEventBus(),
      navigate: () => undefined,
      location: () => ({ pathname: '/login', search: '' }),
    };
    const client = createApiClient({ ...deps, language: () => language });
    await client.post('/auth/login', { email: 'a@b.ch', password: 'x' });
    language = 'it';
    await client.get('/customers');
    await createApiClient(deps).get('/customers');
    expect(seen).toEqual(['fr', 'it', null]);
  });
});

describe('traceparent (issue 27)', () => {
  it('sends a fresh W3C traceparent with every call (version 00, sampled, non-zero ids)', async () => {
    const seen: Array<string | null> = [];
    const fetchStub = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push(new Headers(init.headers).get('traceparent'));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createApiClient({
      fetch: () => fetchStub as unknown as typeof fetch,
      tokens: memoryTokens(null),
      events: createSessionEventBus(),
      navigate: () => undefined,
      location: () => ({ pathname: '/login', search: '' }),
    });
    await client.get('/customers');
    await client.post('/customers', { name: 'Huber' });
    expect(seen).toHaveLength(2);
    for (const header of seen) expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(seen[0]!.slice(3, 35)).not.toBe(seen[1]!.slice(3, 35));
  });

  it('never sends an all-zero id (invalid by the W3C spec)', () => {
    let calls = 0;
    // the first draw of each id is all zeros, the next one not
    const header = newTraceparent((bytes) => bytes.fill(calls++ % 2 === 0 ? 0 : 0xab));
    expect(header).toBe(`00-${'ab'.repeat(16)}-${'ab'.repeat(8)}-01`);
  });
});
