import type { Provider } from '@nestjs/common';
import type { Logger } from 'pino';

export interface StartWorkerOptions {
  /** redis://host:port[/db] */
  redisUrl: string;
  /** Queue key prefix (QUEUE_PREFIX). Default 'zunft'. */
  prefix?: string;
  /**
   * The BullMQ queues this process consumes (QUEUE_* of libs/contracts). Default: every queue a
   * registered `@JobHandler` serves. Without `pdf-render` no browser starts, without `mail` no SMTP.
   */
  queues?: string[];
  /** System Chromium. Default /usr/bin/chromium. */
  chromiumPath?: string;
  /** Pages rendered in parallel. Default 2. */
  pdfPoolSize?: number;
  /** Relaunch the browser after this many renders. Default 200. */
  pdfRecycleAfter?: number;
  /** Launch the browser at start (default true) so the first document renders fast. */
  warmUpBrowser?: boolean;
  /** smtp(s)://user:pass@host:port; null/undefined writes mails to `mailOutboxDir`. */
  smtpUrl?: string | null;
  /** Default 'Zunft <no-reply@zunft.ch>'. */
  mailFrom?: string;
  /** Default var/mail-outbox (relative to the working directory). */
  mailOutboxDir?: string;
  /** Mails sent in parallel. Default 2. */
  mailConcurrency?: number;
  /**
   * The domain modules (quotes, … with their job handlers and daily tasks, and the daily
   * maintenance run) need the billing database and NATS (they write events through the outbox).
   * Without a database URL the worker runs only `pdf-render` and `mail`.
   */
  databaseUrl?: string | null;
  /** Default nats://127.0.0.1:4222. */
  natsUrl?: string;
  /** JetStream stream (NATS_STREAM). Default ZUNFT_EVENTS; tests pass their own. */
  natsStream?: string;
  /** Where customers open links from e-mails (PUBLIC_URL of the API). */
  publicUrl?: string;
  /** The auth service (company logos for documents). */
  authUrl?: string;
  /** Register the daily maintenance scheduler (default true when the maintenance queue runs). */
  scheduleMaintenance?: boolean;
  /** How often the worker writes its heartbeat for the API's /health (default 5 s). */
  heartbeatIntervalMs?: number;
  /**
   * BullMQ job lock (JOB_LOCK_MS, default 10 s), renewed every half of it while the process lives;
   * also the stalled check's interval. A worker killed mid-job (OOM, node lost) leaves its job
   * locked for at most this long, then another worker's check puts it back and it runs again: a
   * render is taken up again within two locks (≤ 20 s), inside the API's PDF wait (issue 25 chaos).
   */
  jobLockMs?: number;
  /** Extra providers in the worker's context (tests: a daily task or job handler of their own). */
  providers?: Provider[];
  logger?: Logger;
}

export const WORKER_DEFAULTS = {
  prefix: 'zunft',
  chromiumPath: '/usr/bin/chromium',
  pdfPoolSize: 2,
  pdfRecycleAfter: 200,
  mailFrom: 'Zunft <no-reply@zunft.ch>',
  mailOutboxDir: 'var/mail-outbox',
  mailConcurrency: 2,
  natsUrl: 'nats://127.0.0.1:4222',
  natsStream: 'ZUNFT_EVENTS',
  jobLockMs: 10_000,
  publicUrl: 'http://localhost:8080',
  authUrl: 'http://127.0.0.1:3001',
} as const;
