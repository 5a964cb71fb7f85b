import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type AccessTokenClaims,
  type EventData,
  type EventType,
  type Role,
} from '@zunft/contracts';
import { EventsConnection, configureHttpApp, createLogger } from '@zunft/nest-common';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { SignJWT, importPKCS8 } from 'jose';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import type { OperationsConfig } from '../../src/config/operations.config.js';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  dataSource: DataSource;
  config: OperationsConfig;
  db: TestDatabase;
  /** Signs an access token as the auth service would. */
  sign: (claims: AccessTokenClaims, options?: { expiresIn?: string; privateKey?: string }) => Promise<string>;
  /** Publishes an event to the run's stream, as another service's outbox relay would. */
  publish: <T extends EventType>(type: T, companyId: string, data: EventData<T>, id?: string) => Promise<string>;
  close: () => Promise<void>;
}

export function generateKeyPairPem(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The real service (all modules, throw-away PostgreSQL database, own NATS stream per run). */
export async function createTestApp(overrides: Partial<OperationsConfig> = {}): Promise<TestApp> {
  const db = await createTestDatabase('zunft_operations_test');
  const keys = generateKeyPairPem();
  const config: OperationsConfig = {
    port: 0,
    databaseUrl: db.url,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    natsStream: `ZUNFT_TEST_${randomBytes(4).toString('hex').toUpperCase()}`,
    logLevel: 'silent',
    jwtPublicKey: keys.publicKey,
    ...overrides,
  };
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  configureHttpApp(app, { logger: createLogger({ service: 'operations-test', level: 'silent' }) });
  await app.init();
  const dataSource = app.get(DataSource);
  const events = app.get(EventsConnection);
  const defaultKey = await importPKCS8(keys.privateKey, 'ES256');
  return {
    app,
    http: () => request(app.getHttpServer()),
    dataSource,
    config,
    db,
    sign: async (claims, options = {}) => {
      const key = options.privateKey ? await importPKCS8(options.privateKey, 'ES256') : defaultKey;
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '15m')
        .sign(key);
    },
    publish: async (type, companyId, data, id = randomUUID()) => {
      const envelope = {
        id,
        type,
        version: 1,
        occurredAt: new Date().toISOString(),
        companyId,
        actorId: null,
        requestId: null,
        data,
      };
      await events.js.publish(events.subjectFor(type), JSON.stringify(envelope), {
        msgID: `${id}-${randomBytes(3).toString('hex')}`,
      });
      return id;
    },
    close: async () => {
      await events.jsm.streams.delete(events.streamName).catch(() => undefined);
      await app.close();
      await dropTestDatabase(db);
    },
  };
}

export type { Role };
