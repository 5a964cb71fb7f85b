import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { STORAGE_MIGRATIONS } from './create-stored-files.migration.js';
import { PostgresFileStorage } from './postgres-file-storage.js';

let db: TestDatabase;
let ds: DataSource;
let storage: PostgresFileStorage;
const companyId = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('storage_test');
  ds = new DataSource({ type: 'postgres', url: db.url, migrations: STORAGE_MIGRATIONS });
  await ds.initialize();
  await ds.runMigrations();
  storage = new PostgresFileStorage(ds);
});
afterAll(async () => {
  await ds?.destroy();
  if (db) await dropTestDatabase(db);
});

describe('PostgresFileStorage', () => {
  it('puts, heads, gets (same bytes, size, SHA-256), replaces and deletes by key', async () => {
    const data = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    const key = `${companyId}/reports/r1/images/i1/original`;
    const put = await storage.put(key, data, { contentType: 'image/png', companyId });
    expect(put).toMatchObject({
      key,
      contentType: 'image/png',
      size: 7,
      companyId,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    expect(await storage.head(key)).toEqual(put);
    const got = await storage.get(key);
    expect(got?.data.equals(data)).toBe(true);
    await storage.put(key, Buffer.from('neu'), { contentType: 'text/plain', companyId });
    expect((await storage.get(key))?.data.toString()).toBe('neu');
    expect(await storage.delete(key)).toBe(true);
    expect(await storage.delete(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('writes inside the caller transaction (rolled back with it) and deletes by prefix only below it', async () => {
    const key = `${companyId}/reports/r2/signed.pdf`;
    await expect(
      ds.transaction(async (m) => {
        await storage.put(key, Buffer.from('%PDF-'), { contentType: 'application/pdf', companyId }, m);
        expect(await storage.head(key, m)).not.toBeNull();
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await storage.head(key)).toBeNull();

    for (const k of ['r3/a', 'r3/b/c', 'r30/x']) {
      await storage.put(`${companyId}/reports/${k}`, Buffer.from(k), { contentType: 'text/plain', companyId });
    }
    expect(await storage.deletePrefix(`${companyId}/reports/r3/`)).toBe(2);
    expect(await storage.head(`${companyId}/reports/r30/x`)).not.toBeNull();
  });

  it('refuses keys with path tricks', async () => {
    await expect(
      storage.put('../etc/passwd', Buffer.from('x'), { contentType: 'text/plain', companyId }),
    ).rejects.toThrow('invalid storage key');
    await expect(storage.put('a//b', Buffer.from('x'), { contentType: 'text/plain', companyId })).rejects.toThrow(
      'invalid storage key',
    );
  });
});
