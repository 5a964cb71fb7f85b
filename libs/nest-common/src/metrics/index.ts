export { httpRequestDuration, httpThrottled, loginFailures, metricsRegistry } from './registry.js';
export { httpMetricsMiddleware, routeTemplate } from './http-metrics.js';
export { registerDataSourceMetrics, unregisterDataSourceMetrics } from './database-metrics.js';
export {
  metricsEndpointFromEnv,
  startMetricsServer,
  type MetricsEndpoint,
  type MetricsServer,
  type MetricsServerOptions,
} from './metrics-server.js';
export { exposeMetrics, METRICS_DEFAULT_PORTS, type ExposeMetricsOptions } from './expose-metrics.js';
