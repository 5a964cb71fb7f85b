import 'reflect-metadata';
import { ConfigError, createLogger, exposeMetrics, startTracing } from '@zunft/nest-common';
import { leftoverBrowserProcesses } from './worker/process-check.js';
import { startWorker } from './worker/start-worker.js';
import { loadWorkerConfig } from './worker/worker-config.js';

/*
 * The billing worker process (`node dist/worker.js`): a Nest application context from the API's
 * domain modules (worker/worker.module.ts) consuming every queue a `@JobHandler` serves (pdf-render,
 * mail, maintenance with the daily tasks, the modules' own jobs). SIGTERM/SIGINT: stop taking jobs,
 * finish running ones, close the browser.
 */

let config;
try {
  config = loadWorkerConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger({ service: 'billing-worker', level: config.logLevel });
// OpenTelemetry: job spans continue the producer's trace (job data `_trace`); off without an OTLP endpoint.
const tracing = await startTracing({ service: 'billing-worker' });
if (tracing.enabled) logger.info({ endpoint: tracing.endpoint }, 'tracing on');
const worker = await startWorker({ ...config, logger });
// Prometheus /metrics (queue depth, PDF render time, Chromium restarts, mails) on METRICS_PORT, default 9104.
const metrics = await exposeMetrics(worker.app, { service: 'billing-worker', logger });

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    logger.warn({ signal }, 'second signal, exiting now');
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing running jobs');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took longer than 30 s, exiting');
    process.exit(1);
  }, 30_000);
  hardStop.unref();
  try {
    await worker.close();
    await metrics?.close();
    await tracing.shutdown().catch(() => undefined);
    const leftovers = leftoverBrowserProcesses(worker.renderer?.usedUserDataDirs ?? []);
    if (leftovers.length > 0) {
      logger.error({ pids: leftovers.map((p) => p.pid) }, 'browser processes left after shutdown, killing them');
      for (const p of leftovers) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    process.exit(0);
  } catch (error) {
    logger.error({ err: (error as Error).message }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
});
