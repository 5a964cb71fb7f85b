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
import { loadOperationsConfig } from './config/operations.config.js';
import { OPERATIONS_OPENAPI } from './openapi.js';

async function bootstrap() {
  let config;
  let network;
  try {
    config = loadOperationsConfig();
    network = serviceNetwork();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ service: 'operations', level: config.logLevel });
  // OpenTelemetry: on with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT), else off and not loaded.
  const tracing = await startTracing({ service: 'operations' });
  if (tracing.enabled) logger.info({ endpoint: tracing.endpoint }, 'tracing on');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true });
  app.disable('x-powered-by');
  app.set('trust proxy', network.trustProxy);
  configureHttpApp(app, { logger });
  serveOpenApi(app, { service: 'operations', title: 'Zunft operations', registry: OPERATIONS_OPENAPI });
  await app.listen(config.port, network.host);
  logger.info({ port: config.port, host: network.host }, 'operations service listening');
  // Prometheus /metrics on its own port (METRICS_PORT), never routed by the gateway.
  await exposeMetrics(app, { service: 'operations', logger });
}

await bootstrap();
