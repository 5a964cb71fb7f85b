import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { ExpireQuotes } from './maintenance.processor.js';

export interface StartWorkerOptions {
  /** redis://host:port[/db] */
  redisUrl: string;
  /** Queue key prefix (QUEUE_PREFIX). Default 'zunft'. */
  prefix?: string;
  /** Which queues this process consumes. Default: pdf and mail, plus maintenance when a database is given. */
  queues?: ('pdf' | 'mail' | 'maintenance')[];
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
  /** For the maintenance queue (daily quote expiry): a database URL or an open DataSource. */
  databaseUrl?: string | null;
  dataSource?: DataSource;
  /** The daily quote expiry (default: expireOverdueQuotes of the quotes module; tests may replace it). */
  expireQuotes?: ExpireQuotes;
  /** Register the daily maintenance scheduler (default true when the maintenance queue runs). */
  scheduleMaintenance?: boolean;
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
  /** Daily at 00:05 Swiss time. */
  maintenancePattern: '5 0 * * *',
  maintenanceTimezone: 'Europe/Zurich',
} as const;
