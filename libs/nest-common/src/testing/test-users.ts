import type { AccessTokenClaims, EventData, Role } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from './test-app.js';

/** An Authorization header for supertest's `.set()` (a type alias: `.set()` wants an index signature). */
export type AuthHeader = { authorization: string };

export const bearer = (m: { token: string }): AuthHeader => ({ authorization: `Bearer ${m.token}` });

/** A user as auth announces it (`auth.user.created` / `auth.user.updated`). */
export type TestUserData = EventData<'auth.user.created'>;

export function testUserData(
  userId: string,
  role: Role,
  over: Partial<Omit<TestUserData, 'userId' | 'role'>> = {},
): TestUserData {
  return {
    userId,
    email: `${userId}@test.ch`,
    firstName: 'Rita',
    lastName: 'Roth',
    role,
    craftsmanCategory: null,
    hourlyRate: null,
    isActive: true,
    ...over,
  };
}

/** The claims of an access token as auth issues it (company in its trial, 20 days left). */
export function testClaims(
  companyId: string,
  userId: string,
  role: Role,
  over: Partial<AccessTokenClaims> = {},
): AccessTokenClaims {
  return {
    sub: userId,
    userId,
    companyId,
    role,
    subscriptionStatus: 'trial',
    trialEndsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    ...over,
  };
}

/** A staff member the service knows, with a token signed as auth would. */
export interface TestMember {
  id: string;
  role: Role;
  token: string;
  claims: AccessTokenClaims;
  name: string;
}

let counter = 0;

/**
 * A new staff member of a company: `apply` stores the user in the service's staff directory (as if
 * `auth.user.created` had been consumed); the token carries `claims` over the usual ones.
 */
export async function createTestMember(
  t: Pick<ServiceTestApp<unknown>, 'sign'>,
  companyId: string,
  role: Role,
  options: {
    apply: (user: TestUserData) => Promise<unknown>;
    firstName?: string;
    claims?: Partial<AccessTokenClaims>;
  },
): Promise<TestMember> {
  const id = randomUUID();
  const firstName = options.firstName ?? 'Max';
  const lastName = `${role[0]!.toUpperCase()}${role.slice(1)}${++counter}`;
  await options.apply(testUserData(id, role, { firstName, lastName }));
  const claims = testClaims(companyId, id, role, options.claims);
  return { id, role, claims, token: await t.sign(claims), name: `${firstName} ${lastName}` };
}

/** Polls until `probe` returns something truthy (e.g. a consumer has handled an event); returns it. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting for the consumer');
    await new Promise((r) => setTimeout(r, 50));
  }
}
