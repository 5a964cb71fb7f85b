import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Controller, Get, Global, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ACCOUNT_DEACTIVATED_MESSAGE, type AccessTokenClaims } from '@zunft/contracts';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import request from 'supertest';
import { configureHttpApp } from '../http/configure-http-app.js';
import { createLogger } from '../logging/logger.js';
import { CurrentUser, Public, Roles } from './auth.decorators.js';
import { JwtAuthModule } from './jwt-auth.module.js';
import { handSignedClaims, handSignedJwt } from '../testing/hand-signed-jwt.js';
import { USER_STATUS_CHECK, staffStatus, type UserStatus, type UserStatusCheck } from './user-status.js';

const jwt = handSignedJwt;
const companyId = '0b6f5b38-2f8e-4b7e-8d55-0c5a1d2e3f40';
const claims = (userId: string, over: Partial<AccessTokenClaims> = {}) => handSignedClaims(userId, companyId, over);

@Controller('demo')
class DemoController {
  @Public()
  @Get('open')
  open() {
    return { ok: true };
  }

  @Get('me')
  me(@CurrentUser() user: AccessTokenClaims) {
    return { userId: user.userId };
  }

  @Roles('admin')
  @Get('admin')
  admin() {
    return { ok: true };
  }
}

/** What a service's directory would answer: the blocked ids, and every question asked. */
class FakeDirectory implements UserStatusCheck {
  readonly blocked = new Set<string>();
  readonly asked: Array<[string, string]> = [];
  failure: Error | null = null;

  async check(claims: AccessTokenClaims): Promise<UserStatus> {
    this.asked.push([claims.companyId, claims.userId]);
    if (this.failure) throw this.failure;
    return this.blocked.has(claims.userId) ? 'blocked' : 'ok';
  }
}

describe('JWT guard with a USER_STATUS_CHECK hook', () => {
  let app: INestApplication;
  const directory = new FakeDirectory();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const http = () => request(app.getHttpServer());
  const auth = (userId: string, over: Partial<AccessTokenClaims> = {}) => ({
    authorization: `Bearer ${jwt(privateKey, claims(userId, over))}`,
  });

  beforeAll(async () => {
    // Provided the way a service does: from a global module of its own, not through forRoot.
    @Global()
    @Module({ providers: [{ provide: USER_STATUS_CHECK, useValue: directory }], exports: [USER_STATUS_CHECK] })
    class DirectoryModule {}
    @Module({
      imports: [
        JwtAuthModule.forRoot({ publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() }),
        DirectoryModule,
      ],
      controllers: [DemoController],
    })
    class DemoModule {}
    const moduleRef = await Test.createTestingModule({ imports: [DemoModule] }).compile();
    app = moduleRef.createNestApplication();
    configureHttpApp(app, { logger: createLogger({ service: 'test', level: 'silent' }) });
    await app.init();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    directory.blocked.clear();
    directory.asked.length = 0;
    directory.failure = null;
  });

  it('asks the hook with the token’s company and user and lets an unblocked user through', async () => {
    const userId = randomUUID();
    const res = await http().get('/api/demo/me').set(auth(userId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId });
    expect(directory.asked).toEqual([[companyId, userId]]);
  });

  it('refuses a blocked user’s valid token with the German 401 account_deactivated', async () => {
    const userId = randomUUID();
    directory.blocked.add(userId);
    const res = await http().get('/api/demo/me').set(auth(userId)).set('x-request-id', 'req-blocked');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
      code: 'account_deactivated',
      requestId: 'req-blocked',
    });
    expect(res.body.error).toBe(ACCOUNT_DEACTIVATED_MESSAGE);

    directory.blocked.delete(userId); // re-activated: the same token works again
    expect((await http().get('/api/demo/me').set(auth(userId))).status).toBe(200);
  });

  it('answers 401 before the roles guard and the payment gate', async () => {
    const userId = randomUUID();
    directory.blocked.add(userId);
    const wrongRole = await http().get('/api/demo/admin').set(auth(userId));
    expect([wrongRole.status, wrongRole.body.code]).toEqual([401, 'account_deactivated']);
    const trialOver = await http()
      .get('/api/demo/me')
      .set(auth(userId, { trialEndsAt: new Date(Date.now() - 60_000).toISOString() }));
    expect([trialOver.status, trialOver.body.code]).toEqual([401, 'account_deactivated']);
  });

  it('does not ask for public routes, missing, expired or forged tokens', async () => {
    const userId = randomUUID();
    directory.blocked.add(userId);
    expect((await http().get('/api/demo/open').set(auth(userId))).status).toBe(200);
    expect((await http().get('/api/demo/open')).status).toBe(200);
    const missing = await http().get('/api/demo/me');
    expect([missing.status, missing.body.code]).toEqual([401, 'unauthenticated']);
    const expired = await http()
      .get('/api/demo/me')
      .set(auth(userId, { exp: Math.floor(Date.now() / 1000) - 10 } as never));
    expect([expired.status, expired.body.code]).toEqual([401, 'token_expired']);
    const forged = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const foreign = await http()
      .get('/api/demo/me')
      .set('authorization', `Bearer ${jwt(forged, claims(userId))}`);
    expect([foreign.status, foreign.body.code]).toEqual([401, 'unauthenticated']);
    expect(directory.asked).toEqual([]);
  });

  it('a failing lookup is a 500, never a pass', async () => {
    directory.failure = new Error('database down');
    const res = await http().get('/api/demo/me').set(auth(randomUUID()));
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('Interner Serverfehler');
  });
});

describe('JWT guard without a hook', () => {
  it('behaves as before: a valid token passes, nothing is asked', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    @Module({
      imports: [JwtAuthModule.forRoot({ publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() })],
      controllers: [DemoController],
    })
    class PlainModule {}
    const moduleRef = await Test.createTestingModule({ imports: [PlainModule] }).compile();
    const app = moduleRef.createNestApplication();
    configureHttpApp(app, { logger: createLogger({ service: 'test', level: 'silent' }) });
    await app.init();
    try {
      const userId = randomUUID();
      const res = await request(app.getHttpServer())
        .get('/api/demo/me')
        .set('authorization', `Bearer ${jwt(privateKey, claims(userId))}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userId });
    } finally {
      await app.close();
    }
  });
});

describe('staffStatus: the rule for a service’s copy of the staff', () => {
  const at = (iso: string) => new Date(iso);
  const row = (
    over: Partial<{
      role: string;
      is_active: boolean;
      deleted_at: Date | null;
      updated_at: Date;
      sessions_valid_after: Date | null;
    }> = {},
  ) => ({
    role: 'backoffice',
    is_active: true,
    deleted_at: null,
    updated_at: at('2026-11-22T10:00:00.000Z'),
    ...over,
  });
  const iat = (iso: string) => Math.floor(at(iso).getTime() / 1000);

  it('unknown users are ok; inactive or deleted ones are blocked', () => {
    expect(staffStatus(null, { role: 'employee', iat: iat('2026-11-22T10:00:00Z') })).toBe('ok');
    expect(staffStatus(row({ is_active: false }), { role: 'backoffice' })).toBe('blocked');
    expect(staffStatus(row({ deleted_at: at('2026-11-22T09:00:00Z') }), { role: 'backoffice' })).toBe('blocked');
  });

  it('a role changed from the second after the token on is outdated; a behind copy or the same second is not', () => {
    const claims = { role: 'backoffice' as const, iat: iat('2026-11-22T09:59:58.500Z') };
    expect(staffStatus(row({ role: 'employee', updated_at: at('2026-11-22T09:59:59.000Z') }), claims)).toBe(
      'role_changed',
    );
    expect(staffStatus(row({ role: 'employee', updated_at: at('2026-11-22T09:59:58.900Z') }), claims)).toBe('ok');
    expect(staffStatus(row({ role: 'employee', updated_at: at('2026-11-22T09:00:00Z') }), claims)).toBe('ok');
    expect(staffStatus(row({ role: 'backoffice', updated_at: at('2026-11-22T11:00:00Z') }), claims)).toBe('ok');
  });

  it('a token issued before sessions_valid_after (logout, password change) is revoked; the same second is not', () => {
    const claims = { role: 'backoffice' as const, iat: iat('2026-11-22T09:59:58.000Z') };
    const revokedAt = (when: string) => row({ sessions_valid_after: at(when) });
    expect(staffStatus(revokedAt('2026-11-22T09:59:59.000Z'), claims)).toBe('revoked');
    expect(staffStatus(revokedAt('2026-11-22T09:59:58.000Z'), claims)).toBe('ok');
    expect(staffStatus(revokedAt('2026-11-22T09:00:00.000Z'), claims)).toBe('ok');
    expect(staffStatus(row({ sessions_valid_after: null }), claims)).toBe('ok');
  });
});
