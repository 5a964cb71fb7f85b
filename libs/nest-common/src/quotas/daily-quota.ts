import { serverMessage } from '@zunft/contracts';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { loadConfig } from '../config/load-config.js';
import { DomainError } from '../errors/domain.error.js';

/**
 * Daily quotas per company (issue 25): what a company may use per day (Europe/Zurich) of the costly
 * things: PDF renders (the worker's Chromium) and stored bytes (uploads). Counters live in the
 * service's PostgreSQL (`daily_quota_usage`), so they survive restarts and hold across replicas; one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE used + n <= limit` per use is exact under concurrency
 * (PostgreSQL locks the row and checks the condition against the newest count).
 */
export const QUOTA_KINDS = ['pdf_renders', 'storage_bytes'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/** Which limits apply: a trial (or suspended/cancelled) company, or a paying one. */
export type QuotaTier = 'trial' | 'paid';

/**
 * The tier of a company's subscription status: `trial`, `suspended` and `cancelled` get the trial
 * limits, `active` (and a status never copied, from before issue 25) the paid ones.
 */
export function quotaTierOf(subscriptionStatus: string | null | undefined): QuotaTier {
  return subscriptionStatus == null || subscriptionStatus === 'active' ? 'paid' : 'trial';
}

const MB = 1024 * 1024;
const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * The limits, from the environment. Defaults: a trial renders 100 PDFs and stores 100 MB a day (a
 * busy day of trying everything out is 20–30 documents and a few dozen photos of ≤ 3 MB); a paying
 * company 2000 renders and 2 GB (a firm of 50 with a photo report per person and day stays far
 * below). Both per company and day.
 */
export const dailyQuotaEnvSchema = z.object({
  QUOTA_TRIAL_PDF_RENDERS_PER_DAY: positiveInt(100),
  QUOTA_PDF_RENDERS_PER_DAY: positiveInt(2000),
  QUOTA_TRIAL_STORAGE_MB_PER_DAY: positiveInt(100),
  QUOTA_STORAGE_MB_PER_DAY: positiveInt(2048),
});

export type DailyQuotaLimits = Record<QuotaTier, Record<QuotaKind, number>>;

export function dailyQuotaLimits(env: Record<string, string | undefined> = process.env): DailyQuotaLimits {
  const c = loadConfig(dailyQuotaEnvSchema, env);
  return {
    trial: { pdf_renders: c.QUOTA_TRIAL_PDF_RENDERS_PER_DAY, storage_bytes: c.QUOTA_TRIAL_STORAGE_MB_PER_DAY * MB },
    paid: { pdf_renders: c.QUOTA_PDF_RENDERS_PER_DAY, storage_bytes: c.QUOTA_STORAGE_MB_PER_DAY * MB },
  };
}

/** Seconds until the next day in Europe/Zurich begins (the counters start again then). */
export function secondsUntilZurichMidnight(now: Date = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zurich',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const elapsed = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  // 23 h / 25 h days (DST change at 02:00/03:00) are off by at most an hour; good enough for a wait hint
  return Math.max(1, 86_400 - elapsed);
}

/** The day's PDF renders are used up: German 429 with the limit and the wait until midnight. */
export class PdfRenderQuotaError extends DomainError {
  constructor(readonly limit: number) {
    const seconds = secondsUntilZurichMidnight();
    super('pdf_render_quota_exceeded', serverMessage('pdf_render_quota_exceeded', { limit }), 429, {
      limit,
      retry_after_seconds: seconds,
    });
  }
}

/** The day's storage is used up (or this file alone is larger): German 413 with the limit in MB. */
export class StorageQuotaError extends DomainError {
  constructor(readonly limitBytes: number) {
    const limitMb = Math.floor(limitBytes / MB);
    super('storage_quota_exceeded', serverMessage('storage_quota_exceeded', { limit: limitMb }), 413, {
      limit_mb: limitMb,
      retry_after_seconds: secondsUntilZurichMidnight(),
    });
  }
}

/**
 * Counts `amount` against the company's quota of the day, or throws (`PdfRenderQuotaError`,
 * `StorageQuotaError`) and counts nothing. Run it in the transaction that does the work where there
 * is one (an upload: the count commits or rolls back with the file); the row stays locked until that
 * transaction ends, so keep the transaction short. Returns the day's use after this one.
 */
export async function consumeDailyQuota(
  manager: EntityManager,
  use: { companyId: string; kind: QuotaKind; amount: number; limit: number },
): Promise<number> {
  const fail = () =>
    use.kind === 'pdf_renders' ? new PdfRenderQuotaError(use.limit) : new StorageQuotaError(use.limit);
  if (use.amount > use.limit) throw fail();
  pruneOncePerDay(manager);
  const rows = (await manager.query(
    `INSERT INTO daily_quota_usage AS q (company_id, day, kind, used)
     VALUES ($1, (now() AT TIME ZONE 'Europe/Zurich')::date, $2, $3)
     ON CONFLICT (company_id, day, kind) DO UPDATE SET used = q.used + EXCLUDED.used
      WHERE q.used + EXCLUDED.used <= $4
     RETURNING used`,
    [use.companyId, use.kind, use.amount, use.limit],
  )) as { used: string }[];
  if (rows.length === 0) throw fail();
  return Number(rows[0]!.used);
}

/**
 * Throws like `consumeDailyQuota` when `amount` would no longer fit into the day's quota, but counts
 * nothing: a cheap check before costly work (a render) whose result is counted later in its own
 * transaction with `consumeDailyQuota`.
 */
export async function assertDailyQuotaRoom(
  manager: EntityManager,
  use: { companyId: string; kind: QuotaKind; amount: number; limit: number },
): Promise<void> {
  const fail = () =>
    use.kind === 'pdf_renders' ? new PdfRenderQuotaError(use.limit) : new StorageQuotaError(use.limit);
  if (use.amount > use.limit) throw fail();
  const used = (await dailyQuotaUsage(manager, use.companyId))[use.kind];
  if (used + use.amount > use.limit) throw fail();
}

/** The company's use of the day per kind (0 when nothing was counted). */
export async function dailyQuotaUsage(manager: EntityManager, companyId: string): Promise<Record<QuotaKind, number>> {
  const rows = (await manager.query(
    `SELECT kind, used FROM daily_quota_usage WHERE company_id = $1 AND day = (now() AT TIME ZONE 'Europe/Zurich')::date`,
    [companyId],
  )) as { kind: QuotaKind; used: string }[];
  const usage: Record<QuotaKind, number> = { pdf_renders: 0, storage_bytes: 0 };
  for (const r of rows) usage[r.kind] = Number(r.used);
  return usage;
}

/**
 * The counters' table, once per service that counts (add `...QUOTA_MIGRATIONS` to its migrations
 * list). Rows of past days are not needed: `pruneDailyQuotaUsage` removes them (on the first count
 * of each day, see `pruneOncePerDay`).
 */
export class CreateDailyQuotaUsage1795888808851 implements MigrationInterface {
  name = 'CreateDailyQuotaUsage1795888808851';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "daily_quota_usage" (
      "company_id" uuid NOT NULL,
      "day" date NOT NULL,
      "kind" character varying(20) NOT NULL,
      "used" bigint NOT NULL,
      CONSTRAINT "pk_daily_quota_usage" PRIMARY KEY ("company_id", "day", "kind"),
      CONSTRAINT "ck_daily_quota_usage_used" CHECK ("used" >= 0))`);
    await q.query(`CREATE INDEX IF NOT EXISTS "ix_daily_quota_usage_day" ON "daily_quota_usage" ("day")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "daily_quota_usage"`);
  }
}
export const QUOTA_MIGRATIONS = [CreateDailyQuotaUsage1795888808851];

/** Days of counters kept (today and the 7 before it): enough to look into a complaint about a 429. */
export const DAILY_QUOTA_KEEP_DAYS = 7;

/** Removes counters older than `keepDays` days (a daily task); returns how many. */
export async function pruneDailyQuotaUsage(manager: EntityManager, keepDays = DAILY_QUOTA_KEEP_DAYS): Promise<number> {
  const rows = (await manager.query(
    `DELETE FROM daily_quota_usage WHERE day < (now() AT TIME ZONE 'Europe/Zurich')::date - $1::int RETURNING 1`,
    [keepDays],
  )) as unknown[] | [unknown[], number];
  return Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : rows.length;
}

/** Gives back `amount` counted today (the work did not happen, e.g. no worker answered). */
export async function releaseDailyQuota(
  manager: EntityManager,
  use: { companyId: string; kind: QuotaKind; amount: number },
): Promise<void> {
  await manager.query(
    `UPDATE daily_quota_usage SET used = greatest(used - $3, 0)
      WHERE company_id = $1 AND kind = $2 AND day = (now() AT TIME ZONE 'Europe/Zurich')::date`,
    [use.companyId, use.kind, use.amount],
  );
}

/** The Zurich day each DataSource of this process last pruned on, and that prune. */
const pruned = new WeakMap<object, { day: string; done: Promise<unknown> }>();

/**
 * The first count of a Zurich day in a process prunes the counters older than
 * `DAILY_QUOTA_KEEP_DAYS` (auth and operations have no daily task; billing's worker prunes as well):
 * one indexed DELETE per process and day, so the table keeps about a week of rows. It runs outside
 * the caller's transaction on a connection of its own and is not awaited: a caller holding the
 * pool's last connection must not wait for another one. A failure is tried again on the next count.
 */
function pruneOncePerDay(manager: EntityManager): void {
  const dataSource = manager.connection;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  if (pruned.get(dataSource)?.day === day) return;
  const done = pruneDailyQuotaUsage(dataSource.manager).catch(() => pruned.delete(dataSource));
  pruned.set(dataSource, { day, done });
}

/** The day's prune of `dataSource` started by a count (tests wait for it), or undefined before one. */
export function dailyQuotaPruneOf(dataSource: object): Promise<unknown> | undefined {
  return pruned.get(dataSource)?.done;
}
