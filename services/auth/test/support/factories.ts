import type { CreateUserRequest, RegisterRequest, Role, SessionUser, UserDto } from '@zunft/contracts';
import { REFRESH_COOKIE_NAME } from '@zunft/contracts';
import type { Response } from 'supertest';
import type { TestApp } from './test-app.js';

let counter = 0;
/** Unique per call and per test file, so tests never depend on each other's data. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}@test.ch`;

export const PASSWORD = 'geheim123';

export interface Session {
  token: string;
  user: SessionUser;
  /** `zunft_refresh=<value>` as a Cookie header, or null when none was set. */
  cookie: string | null;
  email: string;
  password: string;
}

export const bearer = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });

/** The refresh cookie a response set, as a Cookie request header value. */
export function refreshCookieOf(res: Response): string | null {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.find((c) => c.startsWith(`${REFRESH_COOKIE_NAME}=`));
  if (!cookie) return null;
  const pair = cookie.split(';')[0]!;
  return pair === `${REFRESH_COOKIE_NAME}=` ? null : pair;
}

function sessionFrom(res: Response, email: string, password: string): Session {
  if (res.status >= 300) throw new Error(`expected a session, got ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, cookie: refreshCookieOf(res), email, password };
}

/** A new company with its admin, signed in. */
export async function registerCompany(t: TestApp, over: Partial<RegisterRequest> = {}): Promise<Session> {
  const body: RegisterRequest = {
    companyName: 'Holzbau Test GmbH',
    firstName: 'Anna',
    lastName: 'Admin',
    email: uniqueEmail('admin'),
    password: PASSWORD,
    language: 'de',
    ...over,
  };
  const res = await t.http().post('/api/auth/register').send(body);
  return sessionFrom(res, body.email, body.password);
}

export async function login(t: TestApp, email: string, password = PASSWORD, rememberMe = false): Promise<Session> {
  const res = await t.http().post('/api/auth/login').send({ email, password, rememberMe });
  return sessionFrom(res, email, password);
}

/** A user of the admin's company (created through the API), optionally signed in. */
export async function createStaff(
  t: TestApp,
  admin: Session,
  role: Role,
  over: Partial<CreateUserRequest> = {},
): Promise<{ user: UserDto; session: Session }> {
  const email = over.email ?? uniqueEmail(role);
  const res = await t
    .http()
    .post('/api/users')
    .set(bearer(admin))
    .send({ firstName: 'Max', lastName: 'Muster', email, password: PASSWORD, role, ...over });
  if (res.status !== 201) throw new Error(`createStaff failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await login(t, email, PASSWORD);
  return { user: res.body, session };
}

/** Outbox rows of a company, oldest first. */
export async function outboxTypes(t: TestApp, companyId: string): Promise<string[]> {
  const rows: Array<{ type: string }> = await t.dataSource.query(
    `SELECT type FROM outbox_events WHERE company_id = $1 ORDER BY occurred_at, id`,
    [companyId],
  );
  return rows.map((r) => r.type);
}
