import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type AccessTokenClaims,
  type EventData,
  type EventType,
} from '@zunft/contracts';
import { SignJWT, importPKCS8 } from 'jose';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { EventsConnection } from '../events/events.connection.js';
import { configureHttpApp } from '../http/configure-http-app.js';
import type { LogLevel } from '../config/load-config.js';
import { createLogger } from '../logging/logger.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './test-database.js';

/** The part of the config every service has: throw-away database, own NATS stream, fresh key. */
function baseTestConfig(db: TestDatabase, jwtPublicKey: string) {
  return {
    port: 0,
    databaseUrl: db.url,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    natsStream: `ZUNFT_TEST_${randomBytes(4).toString('hex').toUpperCase()}`,
    logLevel: 'silent' as LogLevel,
    jwtPublicKey,
  };
}

/** What a service's test config is built from (it adds its own fields). */
export type BaseTestConfig = ReturnType<typeof baseTestConfig>;

export interface ServiceTestApp<C> {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  dataSource: DataSource;
  config: C;
  db: TestDatabase;
  /** Signs an access token as the auth service would. */
  sign: (claims: AccessTokenClaims, options?: { expiresIn?: string; privateKey?: string }) => Promise<string>;
  /** Publishes an event to the run's stream, as another service's outbox relay would. */
  publish: <T extends EventType>(type: T, companyId: string, data: EventData<T>, id?: string) => Promise<string>;
  close: () => Promise<void>;
}

export interface ServiceTestAppOptions<C extends BaseTestConfig> {
  /** The service's name: database `zunft_<service>_test_<random>`, logger `<service>-test`. */
  service: string;
  /** The service's config from the common part (throw-away database, own NATS stream, fresh key pair). */
  config: (base: BaseTestConfig) => C;
  /** The service's root module for that config, e.g. `(config) => AppModule.forRoot(config)`. */
  module: (config: C) => DynamicModule;
  /** What the service's main.ts does to the app before configureHttpApp (e.g. its body parser). */
  beforeConfigure?: (app: NestExpressApplication) => void;
  /**
   * The service's DataSource options for a URL (e.g. `(url) => billingDataSourceOptions(url)`): the
   * throw-away database is then a clone of a template that ran these migrations once per run
   * (createTestDatabase), instead of an empty one the service migrates at boot.
   */
  migrations?: (url: string) => DataSourceOptions;
  /** Cleans up what the service keeps outside the database and the stream (e.g. its queues). */
  beforeClose?: (app: INestApplication) => Promise<void>;
}

export function generateKeyPairPem(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The real service (all modules, throw-away PostgreSQL database, own NATS stream per run). */
export async function createServiceTestApp<C extends BaseTestConfig>(
  options: ServiceTestAppOptions<C>,
): Promise<ServiceTestApp<C>> {
  const db = await createTestDatabase(`zunft_${options.service}_test`, { migrations: options.migrations });
  const keys = generateKeyPairPem();
  const config = options.config(baseTestConfig(db, keys.publicKey));
  const moduleRef = await Test.createTestingModule({ imports: [options.module(config)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  options.beforeConfigure?.(app);
  configureHttpApp(app, { logger: createLogger({ service: `${options.service}-test`, level: 'silent' }) });
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
    sign: async (claims, signOptions = {}) => {
      const key = signOptions.privateKey ? await importPKCS8(signOptions.privateKey, 'ES256') : defaultKey;
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(signOptions.expiresIn ?? '15m')
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
      await options.beforeClose?.(app);
      await app.close();
      await dropTestDatabase(db);
    },
  };
}
