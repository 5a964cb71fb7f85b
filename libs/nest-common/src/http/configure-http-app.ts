import type { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Logger } from 'pino';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import { PinoNestLogger } from '../logging/logger.js';
import { httpMetricsMiddleware } from '../metrics/http-metrics.js';
import { httpTracingMiddleware } from '../tracing/http-tracing.js';
import { accessLogMiddleware, requestIdMiddleware } from './request-id.middleware.js';

export interface HttpAppOptions {
  logger: Logger;
  /** Defaults to 'api'; /health and /ready stay outside it. */
  globalPrefix?: string;
}

/**
 * The HTTP setup every service shares, used by main.ts and by integration tests alike: the trace
 * span (when tracing is on, `startTracing`), request id and access log, HTTP metrics, JSON logging, the /api prefix and the one global exception filter.
 */
export function configureHttpApp(app: INestApplication, options: HttpAppOptions): INestApplication {
  app.useLogger(new PinoNestLogger(options.logger));
  app.use(httpTracingMiddleware);
  app.use(requestIdMiddleware);
  app.use(accessLogMiddleware(options.logger));
  app.use(httpMetricsMiddleware);
  app.setGlobalPrefix(options.globalPrefix ?? 'api', { exclude: ['health', 'ready'] });
  app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost), options.logger));
  app.enableShutdownHooks();
  return app;
}
