// Child of scripts/check-redis-spans.mjs: a process started like a service (tracing on through
// OTEL_EXPORTER_OTLP_ENDPOINT, optionally with `--import @zunft/nest-common/otel-hooks`) that sends one
// Redis command inside a span of its own and flushes. ioredis is imported statically before tracing
// starts, as the services' modules (BullMQ, the gateway's rate limits) import it.
import { trace } from '@opentelemetry/api';
import { startTracing } from '@zunft/nest-common/tracing';
import { Redis } from 'ioredis';

const tracing = await startTracing({ service: 'redis-span-check' });
if (!tracing.enabled) throw new Error('tracing is off: OTEL_EXPORTER_OTLP_ENDPOINT missing');
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  maxRetriesPerRequest: 1,
  username: process.env.REDIS_USERNAME,
  password: process.env.REDIS_PASSWORD,
});
await trace.getTracer('redis-span-check').startActiveSpan('redis-span-check', async (span) => {
  await redis.ping();
  span.end();
});
redis.disconnect();
await tracing.flush();
await tracing.shutdown();
