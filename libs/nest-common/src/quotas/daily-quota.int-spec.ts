// Daily quotas (issue 25) against a real PostgreSQL: exact under concurrency, per company and day,
// the German 429/413 with the wait, limits from the environment.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { translateServerMessage } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '../testing/test-database.js';
import {
  QUOTA_MIGRATIONS,
  PdfRenderQuotaError,
  StorageQuotaError,
  assertDailyQuotaRoom,
  consumeDailyQuota,
  dailyQuotaLimits,
  dailyQuotaPruneOf,
  dailyQuotaUsage,
  pruneDailyQuotaUsage,
  quotaTierOf,
  releaseDailyQuota,
  secondsUntilZurichMidnight,
} from './daily-quota.js';

let db: TestDatabase;
let ds: DataSource;
beforeAll(async () => {
  db = await createTestDatabase('zunft_quota_test');
  // a pool large enough that the parallel uses below really run at the same time
  ds = new DataSource({
    type: 'postgres',
    url: db.url,
    migrations: QUOTA_MIGRATIONS,
    migrationsRun: true,
    poolSize: 12,
  });
  await ds.initialize();
}, 30_000);
afterAll(async () => {
  await ds?.destroy();
  if (db) await dropTestDatabase(db);
});

const MB = 1024 * 1024;

describe('daily quotas per company', () => {
  it('60 renders at once against a limit of 20: exactly 20 counted, 40 refused with the German 429', async () => {
    const companyId = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        consumeDailyQuota(ds.manager, { companyId, kind: 'pdf_renders', amount: 1, limit: 20 }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<number>[];
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(20);
    // every count from 1 to 20 was handed out once
    expect(ok.map((r) => r.value).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(refused).toHaveLength(40);
    const error = refused[0]!.reason as PdfRenderQuotaError;
    expect(error).toBeInstanceOf(PdfRenderQuotaError);
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'pdf_render_quota_exceeded',
      'Tageslimit erreicht: Ihr Konto kann heute höchstens 20 PDF-Dokumente erstellen. Ab Mitternacht ist es wieder möglich.',
    ]);
    expect(error.details).toMatchObject({ limit: 20 });
    expect(error.details!.retry_after_seconds).toBeGreaterThan(0);
    expect(error.details!.retry_after_seconds).toBeLessThanOrEqual(86_400);
    expect(await dailyQuotaUsage(ds.manager, companyId)).toEqual({ pdf_renders: 20, storage_bytes: 0 });
  });

  it('storage in bytes: what fits is counted, a file that would cross the limit is refused (413) and not counted', async () => {
    const companyId = randomUUID();
    const use = (amount: number) =>
      consumeDailyQuota(ds.manager, { companyId, kind: 'storage_bytes', amount, limit: 2 * MB });
    expect(await use(1.5 * MB)).toBe(1.5 * MB);
    const refused = await use(0.5 * MB + 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StorageQuotaError);
    expect([(refused as StorageQuotaError).status, (refused as StorageQuotaError).message]).toEqual([
      413,
      'Tageslimit für Uploads erreicht: Ihr Konto kann pro Tag höchstens 2 MB an Dateien hochladen. Ab Mitternacht ist es wieder möglich.',
    ]);
    expect(await use(0.5 * MB)).toBe(2 * MB); // exactly to the limit is allowed
    // a single file larger than the whole allowance never counts
    await expect(
      consumeDailyQuota(ds.manager, { companyId: randomUUID(), kind: 'storage_bytes', amount: 3 * MB, limit: 2 * MB }),
    ).rejects.toBeInstanceOf(StorageQuotaError);
    // French caller
    expect(translateServerMessage('storage_quota_exceeded', 'fr', { limit: 2 })).toMatch(/^Limite journalière/);
  });

  it('counted in the caller’s transaction: a rollback gives the bytes back', async () => {
    const companyId = randomUUID();
    await ds
      .transaction(async (m) => {
        await consumeDailyQuota(m, { companyId, kind: 'storage_bytes', amount: 1000, limit: 5000 });
        throw new Error('upload failed');
      })
      .catch(() => undefined);
    expect((await dailyQuotaUsage(ds.manager, companyId)).storage_bytes).toBe(0);
  });

  it('per company and per day (Europe/Zurich): another company and yesterday do not count; release; prune', async () => {
    const a = randomUUID();
    const b = randomUUID();
    // the day's automatic prune (first count of the day, below) is done before the old rows go in
    await consumeDailyQuota(ds.manager, { companyId: randomUUID(), kind: 'pdf_renders', amount: 1, limit: 1 });
    await dailyQuotaPruneOf(ds);
    await ds.query(
      `INSERT INTO daily_quota_usage (company_id, day, kind, used)
       VALUES ($1, (now() AT TIME ZONE 'Europe/Zurich')::date - 1, 'pdf_renders', 5),
              ($1, (now() AT TIME ZONE 'Europe/Zurich')::date - 30, 'pdf_renders', 5)`,
      [a],
    );
    expect(await consumeDailyQuota(ds.manager, { companyId: a, kind: 'pdf_renders', amount: 1, limit: 1 })).toBe(1);
    await expect(
      consumeDailyQuota(ds.manager, { companyId: a, kind: 'pdf_renders', amount: 1, limit: 1 }),
    ).rejects.toBeInstanceOf(PdfRenderQuotaError);
    expect(await consumeDailyQuota(ds.manager, { companyId: b, kind: 'pdf_renders', amount: 1, limit: 1 })).toBe(1);
    await releaseDailyQuota(ds.manager, { companyId: a, kind: 'pdf_renders', amount: 1 });
    expect(await consumeDailyQuota(ds.manager, { companyId: a, kind: 'pdf_renders', amount: 1, limit: 1 })).toBe(1);
    expect(await pruneDailyQuotaUsage(ds.manager, 7)).toBeGreaterThanOrEqual(1);
    const left = await ds.query(`SELECT count(*)::int AS n FROM daily_quota_usage WHERE company_id = $1`, [a]);
    expect(left).toEqual([{ n: 2 }]); // today and yesterday
  });

  it('the first count of a day in a process removes the counters older than 7 days, for every company', async () => {
    // a DataSource of its own: the process's first count of the day on it
    const fresh = new DataSource({ type: 'postgres', url: db.url, poolSize: 2 });
    await fresh.initialize();
    try {
      const [a, b] = [randomUUID(), randomUUID()];
      await ds.query(
        `INSERT INTO daily_quota_usage (company_id, day, kind, used)
         SELECT c, (now() AT TIME ZONE 'Europe/Zurich')::date - d, 'storage_bytes', 10 * d
           FROM unnest($1::uuid[]) AS c, unnest(ARRAY[1, 7, 8, 40]) AS d`,
        [[a, b]],
      );
      expect(dailyQuotaPruneOf(fresh)).toBeUndefined();
      await consumeDailyQuota(fresh.manager, { companyId: a, kind: 'pdf_renders', amount: 1, limit: 5 });
      expect(await dailyQuotaPruneOf(fresh)).toBeGreaterThanOrEqual(4); // 8 and 40 days ago, both companies
      const left = (await ds.query(
        `SELECT company_id, (now() AT TIME ZONE 'Europe/Zurich')::date - day AS age, kind FROM daily_quota_usage
          WHERE company_id = ANY($1::uuid[]) ORDER BY company_id = $2 DESC, age, kind`,
        [[a, b], a],
      )) as { company_id: string; age: number; kind: string }[];
      expect(left.map((r) => [r.company_id === a ? 'a' : 'b', r.age, r.kind])).toEqual([
        ['a', 0, 'pdf_renders'],
        ['a', 1, 'storage_bytes'],
        ['a', 7, 'storage_bytes'],
        ['b', 1, 'storage_bytes'],
        ['b', 7, 'storage_bytes'],
      ]);
      // the same day again: no second prune
      const first = dailyQuotaPruneOf(fresh);
      await consumeDailyQuota(fresh.manager, { companyId: b, kind: 'pdf_renders', amount: 1, limit: 5 });
      expect(dailyQuotaPruneOf(fresh)).toBe(first);
    } finally {
      await fresh.destroy();
    }
  });

  it('assertDailyQuotaRoom checks without counting (413/429 exactly past the limit); quotaTierOf', async () => {
    const companyId = randomUUID();
    const m = ds.manager;
    await consumeDailyQuota(m, { companyId, kind: 'storage_bytes', amount: 900, limit: 1000 });
    // 900 used: 100 more fit exactly, 101 do not; nothing is counted either way
    await assertDailyQuotaRoom(m, { companyId, kind: 'storage_bytes', amount: 100, limit: 1000 });
    await expect(
      assertDailyQuotaRoom(m, { companyId, kind: 'storage_bytes', amount: 101, limit: 1000 }),
    ).rejects.toBeInstanceOf(StorageQuotaError);
    await expect(
      assertDailyQuotaRoom(m, { companyId, kind: 'pdf_renders', amount: 2, limit: 1 }),
    ).rejects.toBeInstanceOf(PdfRenderQuotaError);
    expect(await dailyQuotaUsage(m, companyId)).toEqual({ storage_bytes: 900, pdf_renders: 0 });
    expect([quotaTierOf('trial'), quotaTierOf('suspended'), quotaTierOf('cancelled')]).toEqual([
      'trial',
      'trial',
      'trial',
    ]);
    expect([quotaTierOf('active'), quotaTierOf(null), quotaTierOf(undefined)]).toEqual(['paid', 'paid', 'paid']);
  });

  it('limits from the environment with defaults per tier; a bad value refuses to start', () => {
    expect(dailyQuotaLimits({})).toEqual({
      trial: { pdf_renders: 100, storage_bytes: 100 * MB },
      paid: { pdf_renders: 2000, storage_bytes: 2048 * MB },
    });
    expect(dailyQuotaLimits({ QUOTA_TRIAL_PDF_RENDERS_PER_DAY: '5', QUOTA_STORAGE_MB_PER_DAY: '10' })).toMatchObject({
      trial: { pdf_renders: 5 },
      paid: { storage_bytes: 10 * MB },
    });
    expect(() => dailyQuotaLimits({ QUOTA_PDF_RENDERS_PER_DAY: '0' })).toThrow(/QUOTA_PDF_RENDERS_PER_DAY/);
  });

  it('the wait runs to midnight in Zurich', () => {
    // 2026-11-28 23:00 in Zurich (UTC+1) = 22:00 UTC: one hour left
    expect(secondsUntilZurichMidnight(new Date('2026-11-28T22:00:00Z'))).toBe(3600);
    // summer (UTC+2): 2026-07-01 00:00:30 Zurich = 2026-06-30 22:00:30 UTC
    expect(secondsUntilZurichMidnight(new Date('2026-06-30T22:00:30Z'))).toBe(86_400 - 30);
  });
});
