import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module, Param, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loginRequestSchema, type AccessTokenClaims } from '@zunft/contracts';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { CurrentUser, Public, Roles } from '../auth/auth.decorators.js';
import { JwtAuthModule } from '../auth/jwt-auth.module.js';
import { DomainError } from '../errors/domain.error.js';
import { createLogger } from '../logging/logger.js';
import { ZodBody } from '../validation/zod-validation.pipe.js';
import { configureHttpApp } from './configure-http-app.js';
import { QueryFailedError } from 'typeorm';
import { b64, handSignedClaims, handSignedJwt } from '../testing/hand-signed-jwt.js';

const userId = '7f1c3a52-5d0e-4a43-9d7f-7f0a1c2b3d4e';
const jwt = handSignedJwt;
const claims = (over: Partial<AccessTokenClaims> = {}) =>
  handSignedClaims(userId, '0b6f5b38-2f8e-4b7e-8d55-0c5a1d2e3f40', over);

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

  @Public()
  @Post('login')
  login(@ZodBody(loginRequestSchema) body: { email: string }) {
    return { email: body.email };
  }

  @Public()
  @Get('boom')
  boom() {
    throw new Error('secret internals');
  }

  @Public()
  @Get('fk-race')
  fkRace() {
    throw new QueryFailedError('INSERT INTO usages …', [], Object.assign(new Error('fk'), { code: '23503' }));
  }

  @Public()
  @Get('db/:state')
  dbError(@Param('state') state: string) {
    throw new QueryFailedError('SELECT …', [], Object.assign(new Error('refused'), { code: state }));
  }

  @Public()
  @Get('domain')
  domain() {
    throw new DomainError('conflict_x', 'Schon vorhanden', 409, { extra: 1 });
  }
}

describe('HTTP foundation (guards, pipe, filter, request id)', () => {
  let app: INestApplication;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  beforeAll(async () => {
    @Module({
      imports: [JwtAuthModule.forRoot({ publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() })],
      controllers: [DemoController],
    })
    class DemoModule {}
    const moduleRef = await Test.createTestingModule({ imports: [DemoModule] }).compile();
    app = moduleRef.createNestApplication();
    configureHttpApp(app, { logger: createLogger({ service: 'test', level: 'silent' }) });
    await app.init();
  });
  afterAll(() => app.close());

  const http = () => request(app.getHttpServer());

  it('serves public routes without a token and echoes the request id', async () => {
    const res = await http().get('/api/demo/open').set('x-request-id', 'req-123');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-123');
  });

  it('refuses a missing token with a German 401', async () => {
    const res = await http().get('/api/demo/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Bitte melden Sie sich an', code: 'unauthenticated' });
    expect(typeof res.body.requestId).toBe('string');
  });

  it('accepts a valid ES256 token and exposes its claims', async () => {
    const res = await http()
      .get('/api/demo/me')
      .set('authorization', `Bearer ${jwt(privateKey, claims())}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId });
  });

  it('refuses expired, foreign-key, wrong-audience and HS256 tokens', async () => {
    const expired = jwt(privateKey, claims({ exp: Math.floor(Date.now() / 1000) - 10 } as never));
    const expiredRes = await http().get('/api/demo/me').set('authorization', `Bearer ${expired}`);
    expect(expiredRes.status).toBe(401);
    expect(expiredRes.body.code).toBe('token_expired');
    for (const token of [
      jwt(other.privateKey, claims()),
      jwt(privateKey, claims({ aud: 'someone-else' } as never)),
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims())}.${b64(Buffer.from('x'))}`,
      jwt(privateKey, claims({ role: 'king' } as never)),
    ]) {
      const res = await http().get('/api/demo/me').set('authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
  });

  it('enforces @Roles', async () => {
    const res = await http()
      .get('/api/demo/admin')
      .set('authorization', `Bearer ${jwt(privateKey, claims())}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Keine Berechtigung für diese Aktion');
  });

  it('enforces the subscription gate with the requires_payment body', async () => {
    const trialEndsAt = new Date(Date.now() - 60_000).toISOString();
    const res = await http()
      .get('/api/demo/me')
      .set('authorization', `Bearer ${jwt(privateKey, claims({ trialEndsAt }))}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'requires_payment',
      requires_payment: true,
      subscription_status: 'trial',
      trial_ends_at: trialEndsAt,
    });
  });

  it('validates bodies with German messages', async () => {
    const missing = await http().post('/api/demo/login').send();
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('E-Mail ist erforderlich');
    const ok = await http().post('/api/demo/login').send({ email: 'A@B.ch', password: 'x' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ email: 'a@b.ch' });
  });

  it('maps broken JSON, too large bodies, unknown routes and unknown errors', async () => {
    const badJson = await http().post('/api/demo/login').set('content-type', 'application/json').send('{"email":');
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toBe('Ungültiges JSON');

    const large = await http()
      .post('/api/demo/login')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'x'.repeat(200_000) }));
    expect(large.status).toBe(413);
    expect(large.body.error).toBe('Die Anfrage ist zu gross');

    const unknown = await http().get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Die angeforderte Ressource wurde nicht gefunden');

    const boom = await http().get('/api/demo/boom');
    expect(boom.status).toBe(500);
    expect(boom.body.error).toBe('Interner Serverfehler');
    expect(JSON.stringify(boom.body)).not.toContain('secret');

    const race = await http().get('/api/demo/fk-race');
    expect(race.status).toBe(409);
    expect(race.body).toMatchObject({
      error: 'Ein verknüpfter Datensatz wurde inzwischen gelöscht. Bitte laden Sie die Seite neu.',
      code: 'reference_gone',
    });

    // Database errors the filter can name answer 400/409 in German; an unknown one stays a 500.
    const named: Array<[string, number, string]> = [
      ['22P02', 400, 'invalid_input'],
      ['22003', 400, 'value_out_of_range'],
      ['22008', 400, 'value_out_of_range'],
      ['22021', 400, 'validation_failed'],
      ['23503', 409, 'reference_gone'],
      ['23505', 409, 'duplicate'],
    ];
    for (const [state, status, code] of named) {
      const res = await http().get(`/api/demo/db/${state}`);
      expect([state, res.status, res.body.code]).toEqual([state, status, code]);
      expect(res.body.error).toMatch(/[äöüÄÖÜ]|Ungültig|Eintrag|Wert|Datum|Text/);
      expect(res.body.error).not.toMatch(/refused|SELECT/);
    }
    const unnamed = await http().get('/api/demo/db/XX000');
    expect(unnamed.status).toBe(500);
    expect(unnamed.body).toMatchObject({ error: 'Interner Serverfehler' });
    expect(unnamed.body.requestId).toEqual(expect.any(String));

    const domain = await http().get('/api/demo/domain');
    expect(domain.status).toBe(409);
    expect(domain.body).toMatchObject({ error: 'Schon vorhanden', code: 'conflict_x', extra: 1 });
  });
});
