import { startTracing } from '@zunft/nest-common/tracing';
import { buildGateway } from './app.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config.js';
import { metricsEndpoint, startMetricsServer } from './metrics.js';

let config: GatewayConfig;
let metrics: ReturnType<typeof metricsEndpoint>;
try {
  config = loadConfig(process.env);
  metrics = metricsEndpoint(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// OpenTelemetry: on with an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT), else off and not loaded.
const tracing = await startTracing({ service: 'gateway' });
const app = await buildGateway(config);
if (tracing.enabled) app.log.info({ endpoint: tracing.endpoint }, 'tracing on');
await app.listen({ host: config.host, port: config.port });
app.log.info(
  {
    publicUrl: config.publicUrl,
    services: Object.fromEntries(config.services.map((service) => [service.name, service.url])),
    remotes: config.remotes,
    shellDist: config.shellDist,
    rateLimitStore: config.redisUrl ? 'redis' : 'memory',
  },
  'gateway ready',
);
if (metrics) {
  // Prometheus /metrics on its own port: the public port never serves it.
  await startMetricsServer(metrics).then(
    (server) =>
      app.log.info({ metrics: `http://${metrics!.host}:${server.port}/metrics` }, 'metrics endpoint listening'),
    (error: unknown) => app.log.error({ err: (error as Error).message }, 'metrics endpoint not started (port taken?)'),
  );
}

let closing = false;
function shutdown(signal: NodeJS.Signals): void {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'gateway shutting down');
  // In-flight requests (a PDF call waits up to UPSTREAM_TIMEOUT_MS) finish; then the process ends
  // regardless. Kubernetes' terminationGracePeriodSeconds is longer still (deploy/k8s/gateway.yaml).
  setTimeout(() => process.exit(1), config.shutdownGraceMs).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'gateway shutdown failed');
      process.exit(1);
    },
  );
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
