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
  // The gateway on the same host forwards the customer's address (stored with an acceptance).
  app.set('trust proxy', 'loopback');
  configureHttpApp(app, { logger });
  await app.listen(config.port);
  logger.info({ port: config.port }, 'billing service listening');
}

await bootstrap();
