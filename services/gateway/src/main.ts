import { buildGateway } from './app.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config.js';

let config: GatewayConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildGateway(config);
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
