/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { createApiClient } from '../api/api-client';
import { createSessionEventBus } from './session-events';
import { SUPERADMIN_TOKEN_KEY, TOKEN_KEY, createTokenStore } from './token-storage';
import { SUPERADMIN_SUCCESS, initializeSession } from './session-init';

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
const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const claims = {
  sub: 'u1',
  userId: 'u1',
  companyId: 'c1',
  role: 'admin',
  subscriptionStatus: 'trial',
  trialEndsAt: '2025-01-01T00:00:00.000Z',
};
const jwt = `${b64url({ alg: 'ES256' })}.${b64url(claims)}.sig`;
const user = { id: 'u1', firstName: 'Anna', role: 'admin', requiresPayment: false };

function setup(url = 'http://localhost/dashboard') {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const tokens = createTokenStore(local, session);
  const calls: string[] = [];
  const answers: Response[] = [];
  const navigate = jest.fn<(to: string) => void>();
  const api = createApiClient({
    fetch: () =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`);
        const answer = answers.shift();
        if (!answer) throw new Error(`unexpected ${String(input)}`);
        return answer;
      }) as typeof fetch,
    tokens,
    events: createSessionEventBus(),
    navigate,
    location: () => ({ pathname: new URL(url).pathname, search: '' }),
  });
  const replaced: string[] = [];
  const notify = { success: jest.fn<(t: string) => void>(), error: jest.fn<(t: string) => void>() };
  const run = () =>
    initializeSession({ api, tokens, local, url: new URL(url), replaceUrl: (u) => replaced.push(u), notify });
  return { local, session, tokens, calls, answers, navigate, replaced, notify, run };
}

describe('session start (part 1 §4)', () => {
  it('without a stored token the visitor is anonymous and nothing is requested', async () => {
    const t = setup();
    await expect(t.run()).resolves.toBeNull();
    expect(t.calls).toEqual([]);
  });

  it('restores a stored token and loads the profile', async () => {
    const t = setup();
    t.local.setItem(TOKEN_KEY, jwt);
    t.answers.push(json(200, { user }));
    await expect(t.run()).resolves.toEqual(user);
    expect(t.calls).toEqual(['GET /api/auth/profile']);
  });

  it('a 401 on the profile (refresh failing too) logs out without leaving a public page', async () => {
    const t = setup('http://localhost/');
    t.session.setItem(TOKEN_KEY, jwt);
    t.answers.push(json(401, { error: 'abgelaufen' }), json(401, { error: 'Sitzung abgelaufen' }));
    await expect(t.run()).resolves.toBeNull();
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
    const result = await t.run();
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
    const result = await t.run();
    expect(result).toMatchObject({ isSuperAdmin: true });
    expect(t.replaced).toEqual(['/app?x=1']);
    expect(t.calls).toEqual(['POST /api/auth/superadmin-login {"token":"one-time-token-1234567890"}']);
    expect(t.local.getItem(SUPERADMIN_TOKEN_KEY)).toBeNull();
    expect(t.session.getItem(TOKEN_KEY)).toBe(jwt);
    expect(t.notify.success).toHaveBeenCalledWith(SUPERADMIN_SUCCESS);
    expect(SUPERADMIN_SUCCESS).toBe('SuperAdmin-Login erfolgreich!');
  });

  it('a failed super-admin token is dropped, reported, and the normal start continues', async () => {
    const t = setup();
    t.local.setItem(SUPERADMIN_TOKEN_KEY, 'used-token-abcdefghijklmnop');
    t.local.setItem(TOKEN_KEY, jwt);
    t.answers.push(json(401, { error: 'Token ungültig oder abgelaufen' }), json(200, { user }));
    await expect(t.run()).resolves.toEqual(user);
    expect(t.notify.error).toHaveBeenCalledWith('Token ungültig oder abgelaufen');
    expect(t.local.getItem(SUPERADMIN_TOKEN_KEY)).toBeNull();
  });
});
