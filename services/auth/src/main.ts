import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ConfigError,
  configureHttpApp,
  createLogger,
  exposeMetrics,
  serveOpenApi,
  serviceNetwork,
  startTracing,
} from '@zunft/nest-common';
import { AppModule } from './app.module.js';
import { loadAuthConfig } from './config/auth.config.js';
import { AUTH_OPENAPI } from './openapi.js';

async function bootstrap() {
  let config;
  let network;
  try {
    config = loadAuthConfig();
    network = serviceNetwork();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ service: 'auth', level: config.logLevel });
  // OpenTelemetry: on with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT), else off and not loaded.
  const tracing = await startTracing({ service: 'auth' });
  if (tracing.enabled) logger.info({ endpoint: tracing.endpoint }, 'tracing on');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    // The Stripe webhook checks its signature on the exact bytes received (req.rawBody).
    rawBody: true,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', network.trustProxy);
  configureHttpApp(app, { logger });
  serveOpenApi(app, { service: 'auth', title: 'Zunft auth', registry: AUTH_OPENAPI });
  await app.listen(config.port, network.host);
  logger.info({ port: config.port, host: network.host }, 'auth service listening');
  // Prometheus /metrics on its own port (METRICS_PORT), never routed by the gateway.
  await exposeMetrics(app, { service: 'auth', logger });
}

await bootstrap();
