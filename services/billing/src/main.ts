import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, configureHttpApp, createLogger } from '@zunft/nest-common';
import { AppModule } from './app.module.js';
import { useBillingBodyParser } from './common/body-parser.js';
import { loadBillingConfig } from './config/billing.config.js';

async function bootstrap() {
  let config;
  try {
    config = loadBillingConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ service: 'billing', level: config.logLevel });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true });
  app.disable('x-powered-by');
  useBillingBodyParser(app);
  // The gateway forwards the customer's address (stored with an acceptance). It runs on the same
  // host (npm start) or in the cluster/compose network (private addresses); the service is never
  // exposed directly, so peers on those networks are trusted to set X-Forwarded-For.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  configureHttpApp(app, { logger });
  await app.listen(config.port);
  logger.info({ port: config.port }, 'billing service listening');
}

await bootstrap();
