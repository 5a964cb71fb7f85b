import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { generateKeyPairPem } from '../src/cli/generate-keys.js';
import { loadAuthConfig } from '../src/config/auth.config.js';
import { StoredFiles1765000000000 } from '../src/migrations/1765000000000-stored-files.js';
import { importLegacyLogos } from '../src/storage/legacy-logo-import.js';
import { dailyQuotaUsage } from '@zunft/nest-common';
import { bearer, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Logos without local disk (issue 9): the bytes live in auth's own `stored_files` table (shared
 * PostgreSQL FileStorage) under the owning company's prefix; the service has no STORAGE_DIR.
 */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest valid GIF. */
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const fileName = (url: string) => url.split('/').pop()!;

let t: TestApp;
let a: Session;
let b: Session;
const savedStorageDir = process.env.STORAGE_DIR;
const cwdStorage = path.resolve('var/storage/auth');
const cwdStorageExisted = existsSync(cwdStorage);

beforeAll(async () => {
  // The service boots from the environment with no STORAGE_DIR at all (config has no such setting).
  delete process.env.STORAGE_DIR;
  const keys = generateKeyPairPem();
  const fromEnv = loadAuthConfig({ JWT_PRIVATE_KEY: keys.privateKey, JWT_PUBLIC_KEY: keys.publicKey });
  expect(Object.keys(fromEnv).some((k) => /storage/i.test(k))).toBe(false);
  t = await createTestApp();
  a = await registerCompany(t, { companyName: 'Logo A GmbH' });
  b = await registerCompany(t, { companyName: 'Logo B AG' });
});
afterAll(async () => {
  if (savedStorageDir !== undefined) process.env.STORAGE_DIR = savedStorageDir;
  await t?.close();
});

async function upload(session: Session, data: Buffer, name: string): Promise<string> {
  const res = await t.http().post('/api/companies/logo').set(bearer(session)).attach('logo', data, name);
  expect(res.status).toBe(201);
  return res.body.logoUrl as string;
}

async function storedRows(companyId: string) {
  return (await t.dataSource.query(
    `SELECT key, company_id, content_type, size::int AS size, sha256 FROM stored_files WHERE company_id = $1 ORDER BY key`,
    [companyId],
  )) as { key: string; company_id: string; content_type: string; size: number; sha256: string }[];
}

describe('company logos in the FileStorage', () => {
  it('uploads (re-encoded) into stored_files under the company prefix and downloads the stored bytes', async () => {
    const url = await upload(a, PNG, 'logo.png');
    const rows = await storedRows(a.user.companyId);
    expect(rows).toEqual([
      {
        key: `${a.user.companyId}/logos/${fileName(url)}`,
        company_id: a.user.companyId,
        content_type: 'image/png',
        size: expect.any(Number),
        sha256: expect.any(String),
      },
    ]);
    const res = await t.http().get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(rows[0]!.size));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sha256(res.body as Buffer)).toBe(rows[0]!.sha256);
    // Issue 25: stored re-encoded (documents only ever get re-encoded images), still the 1×1 picture.
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    // Nothing was written to the old local storage directory.
    if (!cwdStorageExisted) expect(existsSync(cwdStorage)).toBe(false);
  });

  it('replaces: the new file is served, the old one is gone from storage and answers 404', async () => {
    const first = await upload(a, PNG, 'logo.png');
    const second = await upload(a, GIF, 'logo.jpg');
    expect(second).toMatch(/\.png$/); // a GIF is re-encoded as PNG
    const res = await t.http().get(second);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    const old = await t.http().get(first);
    expect(old.status).toBe(404);
    expect(old.body.error).toBe('Logo nicht gefunden');
    expect((await storedRows(a.user.companyId)).map((r) => r.key)).toEqual([
      `${a.user.companyId}/logos/${fileName(second)}`,
    ]);
  });

  it('keeps tenants apart: another company neither sees, replaces nor deletes the logo', async () => {
    const aUrl = await upload(a, PNG, 'a.png');
    const aBytes = (await t.http().get(aUrl)).body as Buffer;
    expect((await t.http().get('/api/companies/profile').set(bearer(b))).body.logo_url).toBeNull();

    const bUrl = await upload(b, GIF, 'b.gif');
    expect(bUrl).not.toBe(aUrl);
    expect((await t.http().delete('/api/companies/logo').set(bearer(b))).status).toBe(200);
    expect((await storedRows(b.user.companyId)).length).toBe(0);

    // A's logo is untouched by B's upload and delete.
    const stillA = await t.http().get(aUrl);
    expect(stillA.status).toBe(200);
    expect(Buffer.compare(stillA.body as Buffer, aBytes)).toBe(0);
    expect((await t.http().get('/api/companies/profile').set(bearer(a))).body.logo_url).toBe(aUrl);

    // A file under B's prefix with the name of A's logo is never served for A's URL, and a file no
    // company names (e.g. left under B's prefix) is not served at all: only the owner's current logo.
    const name = fileName(aUrl);
    await t.dataSource.query(
      `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data) VALUES ($1, $2, 'image/gif', $3, $4, $5)`,
      [`${b.user.companyId}/logos/${name}`, b.user.companyId, GIF.length, sha256(GIF), GIF],
    );
    const served = await t.http().get(aUrl);
    expect(Buffer.compare(served.body as Buffer, aBytes)).toBe(0); // A's own file, not B's copy
    const orphan = `${randomBytes(16).toString('hex')}.png`;
    await t.dataSource.query(
      `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data) VALUES ($1, $2, 'image/png', $3, $4, $5)`,
      [`${b.user.companyId}/logos/${orphan}`, b.user.companyId, PNG.length, sha256(PNG), PNG],
    );
    expect((await t.http().get(`/api/companies/logo/${orphan}`)).status).toBe(404);
  });

  it('copies logos left on the old disk into stored_files (migration of existing installations)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zunft-auth-legacy-'));
    try {
      const logoPath = `logos/${randomBytes(16).toString('hex')}.png`;
      const lost = `logos/${randomBytes(16).toString('hex')}.gif`;
      await mkdir(path.join(dir, 'logos'));
      await writeFile(path.join(dir, logoPath), PNG);
      // Two companies whose logo_path points to the old disk (as before the move).
      await t.dataSource.query(`UPDATE companies SET logo_path = $1 WHERE id = $2`, [logoPath, b.user.companyId]);
      const c = await registerCompany(t, { companyName: 'Logo C GmbH' });
      await t.dataSource.query(`UPDATE companies SET logo_path = $1 WHERE id = $2`, [lost, c.user.companyId]);
      expect((await t.http().get(`/api/companies/logo/${fileName(logoPath)}`)).status).toBe(404);

      const runner = t.dataSource.createQueryRunner();
      try {
        // The migration itself, run as at an upgrade with STORAGE_DIR still pointing at the old disk
        // (the table exists already: CREATE TABLE IF NOT EXISTS).
        process.env.STORAGE_DIR = dir;
        await new StoredFiles1765000000000().up(runner);
        delete process.env.STORAGE_DIR;
        // The repeatable import (CLI) finds nothing left to copy; A's logo (uploaded above, in
        // stored_files) is not looked for on the disk, the lost file is reported.
        expect(await importLegacyLogos(runner, dir)).toMatchObject({ imported: 0, missing: [lost] });
      } finally {
        delete process.env.STORAGE_DIR;
        await runner.release();
      }
      const res = await t.http().get(`/api/companies/logo/${fileName(logoPath)}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
      expect((await storedRows(b.user.companyId)).find((r) => r.key.endsWith(logoPath))?.sha256).toBe(sha256(PNG));
      expect((await t.http().get(`/api/companies/logo/${fileName(lost)}`)).status).toBe(404);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts each uploaded logo against the day’s storage (issue 25): beyond it German 413, the logo stays', async () => {
    const c = await registerCompany(t, { companyName: 'Logo Quota GmbH' });
    const companyId = c.user.companyId;
    const used = async () => (await dailyQuotaUsage(t.dataSource.manager, companyId)).storage_bytes;
    const url = await upload(c, PNG, 'logo.png');
    const [stored] = await storedRows(companyId);
    expect(stored!.size).toBeGreaterThan(0);
    expect(await used()).toBe(stored!.size);
    // a trial (just registered) has 100 MB a day; leave 10 bytes
    await t.dataSource.query(
      `UPDATE daily_quota_usage SET used = $2 WHERE company_id = $1 AND day = (now() AT TIME ZONE 'Europe/Zurich')::date`,
      [companyId, 100 * 1024 * 1024 - 10],
    );
    const refused = await t.http().post('/api/companies/logo').set(bearer(c)).attach('logo', GIF, 'logo.gif');
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      413,
      'storage_quota_exceeded',
      'Tageslimit für Uploads erreicht: Ihr Konto kann pro Tag höchstens 100 MB an Dateien hochladen. Ab Mitternacht ist es wieder möglich.',
    ]);
    expect(await used()).toBe(100 * 1024 * 1024 - 10);
    expect((await storedRows(companyId)).map((r) => r.key)).toEqual([stored!.key]);
    expect((await t.http().get(`/api/companies/logo/${fileName(url)}`)).status).toBe(200);
    // another company is not held back
    expect((await t.http().post('/api/companies/logo').set(bearer(b)).attach('logo', PNG, 'logo.png')).status).toBe(
      201,
    );
  });
});
