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
import { useBillingBodyParser } from './common/body-parser.js';
import { loadBillingConfig } from './config/billing.config.js';
import { BILLING_OPENAPI } from './openapi.js';

async function bootstrap() {
  let config;
  let network;
  try {
    config = loadBillingConfig();
    network = serviceNetwork();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ service: 'billing', level: config.logLevel });
  // OpenTelemetry: on with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT), else off and not loaded.
  const tracing = await startTracing({ service: 'billing' });
  if (tracing.enabled) logger.info({ endpoint: tracing.endpoint }, 'tracing on');
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true });
  app.disable('x-powered-by');
  useBillingBodyParser(app);
  // The gateway forwards the customer's address (stored with an acceptance): X-Forwarded-For is
  // believed from the gateway only (TRUSTED_PROXIES: loopback locally, the gateway pods' network in
  // the cluster), never from any other peer.
  app.set('trust proxy', network.trustProxy);
  configureHttpApp(app, { logger });
  serveOpenApi(app, { service: 'billing', title: 'Zunft billing', registry: BILLING_OPENAPI });
  await app.listen(config.port, network.host);
  logger.info({ port: config.port, host: network.host }, 'billing service listening');
  // Prometheus /metrics on its own port (METRICS_PORT), never routed by the gateway.
  await exposeMetrics(app, { service: 'billing', logger });
}

await bootstrap();
