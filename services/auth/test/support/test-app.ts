import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { EventsConnection, configureHttpApp, createLogger } from '@zunft/nest-common';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { authDataSourceOptions } from '../../src/database/data-source.js';
import { generateKeyPairPem } from '../../src/cli/generate-keys.js';
import type { AuthConfig } from '../../src/config/auth.config.js';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  dataSource: DataSource;
  config: AuthConfig;
  db: TestDatabase;
  close: () => Promise<void>;
}

/**
 * The real service (all modules, real PostgreSQL in a throw-away clone of the migrated template database)
 * with a fresh key pair and its own NATS stream name (files go to the test database: no storage directory).
 */
export async function createTestApp(overrides: Partial<AuthConfig> = {}): Promise<TestApp> {
  // A clone of the run's migrated template database (nest-common createTestDatabase): the boot finds
  // nothing pending instead of running every migration for every spec file.
  const db = await createTestDatabase('zunft_auth_test', { migrations: (url) => authDataSourceOptions(url) });
  const keys = generateKeyPairPem();
  const config: AuthConfig = {
    port: 0,
    databaseUrl: db.url,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    natsStream: `ZUNFT_TEST_${randomBytes(4).toString('hex').toUpperCase()}`,
    logLevel: 'silent',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    appUrl: 'http://localhost:8080',
    jwtPrivateKey: keys.privateKey,
    jwtPublicKey: keys.publicKey,
    // Cheapest argon2id settings: tests hash many passwords.
    passwordHash: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, rawBody: true });
  configureHttpApp(app, { logger: createLogger({ service: 'auth-test', level: 'silent' }) });
  await app.init();
  const dataSource = app.get(DataSource);
  return {
    app,
    http: () => request(app.getHttpServer()),
    dataSource,
    config,
    db,
    close: async () => {
      // The per-run stream would otherwise stay on the NATS server.
      const events = app.get(EventsConnection);
      await events.jsm.streams.delete(events.streamName).catch(() => undefined);
      await app.close();
      await dropTestDatabase(db);
    },
  };
}
