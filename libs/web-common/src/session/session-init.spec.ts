/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { createApiClient } from '../api/api-client';
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE } from '../api/api-error';
import { createSessionEventBus, type SessionEvent } from './session-events';
import { PROFILE_KEY, SUPERADMIN_TOKEN_KEY, TOKEN_KEY, createTokenStore } from './token-storage';
import { SUPERADMIN_SUCCESS, initializeSession } from './session-init';
import { unsignedToken } from '../testing/tokens';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const claims = {
  sub: 'u1',
  userId: 'u1',
  companyId: 'c1',
  role: 'admin',
  subscriptionStatus: 'trial',
  trialEndsAt: '2025-01-01T00:00:00.000Z',
};
const jwt = unsignedToken(claims);
const activeJwt = unsignedToken({ ...claims, subscriptionStatus: 'active', trialEndsAt: null });
const user = { id: 'u1', firstName: 'Anna', role: 'admin', requiresPayment: false };

function setup(url = 'http://localhost/dashboard') {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const tokens = createTokenStore(local, session);
  const calls: string[] = [];
  /** An Error is thrown by fetch (no connection); 'hang' never answers (our timeout aborts it). */
  const answers: (Response | Error | 'hang')[] = [];
  const navigate = jest.fn<(to: string) => void>();
  const events = createSessionEventBus();
  const seen: SessionEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const api = createApiClient({
    fetch: () =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`);
        const answer = answers.shift();
        if (!answer) throw new Error(`unexpected ${String(input)}`);
        if (answer instanceof Error) throw answer;
        if (answer === 'hang') {
          return new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return answer;
      }) as typeof fetch,
    tokens,
    events,
    navigate,
    location: () => ({ pathname: new URL(url).pathname, search: '' }),
    timeoutMs: 30,
  });
  const replaced: string[] = [];
  const notify = { success: jest.fn<(t: string) => void>(), error: jest.fn<(t: string) => void>() };
  const run = () =>
    initializeSession({ api, tokens, local, url: new URL(url), replaceUrl: (u) => replaced.push(u), notify });
  return { local, session, tokens, calls, answers, navigate, replaced, notify, run, events: seen };
}

describe('session start (part 1 §4)', () => {
  it('without a stored token the visitor is anonymous and nothing is requested', async () => {
    const t = setup();
    await expect(t.run()).resolves.toEqual({ user: null, provisional: false });
    expect(t.calls).toEqual([]);
  });

  it('restores a stored token and loads the profile', async () => {
    const t = setup();
    t.local.setItem(TOKEN_KEY, jwt);
    t.answers.push(json(200, { user }));
    await expect(t.run()).resolves.toEqual({ user, provisional: false });
    expect(t.calls).toEqual(['GET /api/auth/profile']);
  });

  it('a 401 on the profile (refresh failing too) logs out without leaving a public page', async () => {
    const t = setup('http://localhost/');
    t.session.setItem(TOKEN_KEY, jwt);
    t.answers.push(json(401, { error: 'abgelaufen' }), json(401, { error: 'Sitzung abgelaufen' }));
    await expect(t.run()).resolves.toEqual({ user: null, provisional: false });
    expect(t.calls).toEqual(['GET /api/auth/profile', 'POST /api/auth/refresh']);
    expect(t.tokens.get()).toBeNull();
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('a 403 requires_payment on the profile builds a minimal user from the token', async () => {
    const t = setup();
    t.local.setItem(TOKEN_KEY, jwt);
    t.answers.push(
      json(403, {
        error: 'Ihr Testzeitraum ist abgelaufen. Bitte wählen Sie ein Abonnement.',
        code: 'requires_payment',
        requires_payment: true,
        subscription_status: 'trial',
        trial_ends_at: claims.trialEndsAt,
      }),
    );
    const { user: result, provisional } = await t.run();
    expect(provisional).toBe(false);
    expect(result).toMatchObject({
      id: 'u1',
      companyId: 'c1',
      role: 'admin',
      requiresPayment: true,
      subscriptionStatus: 'trial',
      trialEndsAt: claims.trialEndsAt,
    });
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('moves ?superadminToken= from the URL to storage, exchanges it once and removes it', async () => {
    const t = setup('http://localhost/app?superadminToken=one-time-token-1234567890&x=1');
    t.answers.push(json(200, { token: jwt, expiresIn: 900, user: { ...user, isSuperAdmin: true } }));
    const { user: result } = await t.run();
    expect(result).toMatchObject({ isSuperAdmin: true });
    expect(t.replaced).toEqual(['/app?x=1']);
    expect(t.calls).toEqual(['POST /api/auth/superadmin-login {"token":"one-time-token-1234567890"}']);
    expect(t.local.getItem(SUPERADMIN_TOKEN_KEY)).toBeNull();
    expect(t.session.getItem(TOKEN_KEY)).toBe(jwt);
    expect(t.notify.success).toHaveBeenCalledWith(SUPERADMIN_SUCCESS);
    expect(SUPERADMIN_SUCCESS).toBe('SuperAdmin-Login erfolgreich!');
  });

  it("the super-admin login toast speaks the super-admin user's language (fr, it)", async () => {
    for (const [language, text] of [
      ['fr', 'Connexion SuperAdmin réussie !'],
      ['it', 'Accesso SuperAdmin riuscito!'],
    ] as const) {
      const t = setup('http://localhost/app?superadminToken=one-time-token-1234567890');
      t.answers.push(json(200, { token: jwt, expiresIn: 900, user: { ...user, isSuperAdmin: true, language } }));
      await t.run();
      expect(t.notify.success).toHaveBeenCalledWith(text);
    }
  });

  it('a failed super-admin token is dropped, reported, and the normal start continues', async () => {
    const t = setup();
    t.local.setItem(SUPERADMIN_TOKEN_KEY, 'used-token-abcdefghijklmnop');
    t.local.setItem(TOKEN_KEY, jwt);
    t.answers.push(json(401, { error: 'Token ungültig oder abgelaufen' }), json(200, { user }));
    await expect(t.run()).resolves.toEqual({ user, provisional: false });
    expect(t.notify.error).toHaveBeenCalledWith('Token ungültig oder abgelaufen');
    expect(t.local.getItem(SUPERADMIN_TOKEN_KEY)).toBeNull();
  });

  describe('weak reception: a transport failure is no logout (part 1 §8)', () => {
    /** The user the token tells: the session goes on, the profile is loaded later. */
    const fromToken = {
      id: 'u1',
      companyId: 'c1',
      role: 'admin',
      subscriptionStatus: 'active',
      trialEndsAt: null,
      requiresPayment: false,
      language: 'de',
    };

    it('the profile call timing out keeps the token and starts with the user from the token', async () => {
      const t = setup();
      t.local.setItem(TOKEN_KEY, activeJwt);
      t.answers.push('hang');
      const start = await t.run();
      expect(start.provisional).toBe(true);
      expect(start.user).toMatchObject(fromToken);
      expect(t.tokens.get()).toBe(activeJwt);
      expect(t.navigate).not.toHaveBeenCalled();
      expect(t.events).toEqual([]);
      expect(t.notify.error).toHaveBeenCalledWith(TIMEOUT_MESSAGE);
    });

    it('an expired access token whose refresh finds no connection: still signed in, no /login', async () => {
      const t = setup();
      t.session.setItem(TOKEN_KEY, activeJwt);
      t.answers.push(json(401, { error: 'Token abgelaufen', code: 'token_expired' }), new TypeError('Failed to fetch'));
      const start = await t.run();
      expect(t.calls).toEqual(['GET /api/auth/profile', 'POST /api/auth/refresh']);
      expect(start).toMatchObject({ provisional: true, user: fromToken });
      expect(t.tokens.get()).toBe(activeJwt);
      expect(t.navigate).not.toHaveBeenCalled();
      expect(t.events).toEqual([]);
      expect(t.notify.error).toHaveBeenCalledWith(NETWORK_MESSAGE);
    });

    it('a server error on the profile keeps the session too', async () => {
      const t = setup();
      t.local.setItem(TOKEN_KEY, activeJwt);
      t.answers.push(json(503, { error: 'Dienst vorübergehend nicht verfügbar' }));
      await expect(t.run()).resolves.toMatchObject({ provisional: true, user: fromToken });
      expect(t.tokens.get()).toBe(activeJwt);
    });

    it('the payment gate of the user from the token follows its subscription claims', async () => {
      const t = setup();
      t.local.setItem(TOKEN_KEY, jwt); // trial ended 2025-01-01
      t.answers.push(new TypeError('Failed to fetch'));
      await expect(t.run()).resolves.toMatchObject({
        provisional: true,
        user: { id: 'u1', requiresPayment: true, subscriptionStatus: 'trial', trialEndsAt: claims.trialEndsAt },
      });
    });

    const kept = {
      id: 'u1',
      email: 'anna@muster.ch',
      companyName: 'Muster Elektro AG',
      firstName: 'Anna',
      lastName: 'Muster',
      role: 'employee',
      subscriptionStatus: 'trial',
      lastLoginAt: '2026-11-20T07:15:00.000Z',
      language: 'fr',
    };

    it("offline with the kept profile of the token's user: names and company from it, role and subscription from the token", async () => {
      const t = setup();
      t.local.setItem(TOKEN_KEY, activeJwt);
      t.local.setItem(PROFILE_KEY, JSON.stringify(kept));
      t.answers.push(new TypeError('Failed to fetch'));
      const start = await t.run();
      expect(start.provisional).toBe(true);
      expect(start.user).toMatchObject({
        ...fromToken,
        email: 'anna@muster.ch',
        companyName: 'Muster Elektro AG',
        firstName: 'Anna',
        lastName: 'Muster',
        first_name: 'Anna',
        lastLoginAt: kept.lastLoginAt,
      });
    });

    it("a kept profile of another user is not used (the token's user starts nameless)", async () => {
      const t = setup();
      t.local.setItem(TOKEN_KEY, activeJwt);
      t.local.setItem(PROFILE_KEY, JSON.stringify({ ...kept, id: 'u2' }));
      t.answers.push(new TypeError('Failed to fetch'));
      const start = await t.run();
      expect(start.user).toMatchObject({ ...fromToken, firstName: '', email: '' });
    });

    it('a token that cannot be read gives the public state but stays stored (a reload tries again)', async () => {
      const t = setup();
      t.local.setItem(TOKEN_KEY, 'not-a-jwt');
      t.answers.push(new TypeError('Failed to fetch'));
      await expect(t.run()).resolves.toEqual({ user: null, provisional: false });
      expect(t.tokens.get()).toBe('not-a-jwt');
      expect(t.navigate).not.toHaveBeenCalled();
    });
  });
});
