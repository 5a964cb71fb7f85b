import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { eventMetrics } from '../events/dead-letters.js';

/**
 * The one Prometheus registry of a process (service, worker): every collector of nest-common and
 * of the services registers here, `startMetricsServer` serves it. Labels stay bounded: route
 * templates, queues, consumers, services — never ids, companies or raw paths.
 */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry, prefix: 'zunft_' });

/** Seconds from the request's first byte to the answer's last, per route template and status. */
export const httpRequestDuration = new Histogram({
  name: 'zunft_http_request_duration_seconds',
  help: 'HTTP request duration by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Answers 401 to a login attempt (wrong password, unknown address, locked account). */
export const loginFailures = new Counter({
  name: 'zunft_login_failures_total',
  help: 'Login attempts answered 401',
  registers: [metricsRegistry],
});

/** Answers 429 (login throttle, rate limits), per route template. */
export const httpThrottled = new Counter({
  name: 'zunft_http_throttled_total',
  help: 'Requests answered 429 Too Many Requests, by route template',
  labelNames: ['route'] as const,
  registers: [metricsRegistry],
});

// The consumers count in plain maps (events/dead-letters.ts); the counters read them at scrape time.
new Counter({
  name: 'zunft_events_dead_lettered_total',
  help: 'Events a consumer gave up on and stored in dead_letter_events, by consumer',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [consumer, n] of eventMetrics.deadLettered) this.inc({ consumer }, n);
  },
});

new Counter({
  name: 'zunft_events_redelivered_total',
  help: 'Event deliveries after the first (handler failed, ack lost, consumer restarted), by consumer',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [consumer, n] of eventMetrics.redelivered) this.inc({ consumer }, n);
  },
});
