import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { affected, one } from '../database/sql.js';
import {
  assertValidStorageKey,
  type FileStorage,
  type PutFileMeta,
  type StoredFile,
  type StoredFileInfo,
} from './file-storage.js';

interface Row {
  key: string;
  content_type: string;
  size: string;
  sha256: string;
  company_id: string;
  created_at: Date;
  data?: Buffer;
}

const info = (r: Row): StoredFileInfo => ({
  key: r.key,
  contentType: r.content_type,
  size: Number(r.size),
  sha256: r.sha256,
  companyId: r.company_id,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * FileStorage in the owning service's own PostgreSQL database: table `stored_files` (created by
 * `STORAGE_MIGRATIONS`), bytes in a `bytea` column. Only this driver reads that table, and only one
 * file at a time, so list queries of the service never load file bytes. Writes take the caller's
 * transaction when `manager` is given (a file and the row naming it commit together).
 */
export class PostgresFileStorage implements FileStorage {
  constructor(private readonly dataSource: DataSource) {}

  async put(key: string, data: Buffer, meta: PutFileMeta, manager?: EntityManager): Promise<StoredFileInfo> {
    assertValidStorageKey(key);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const row = await one<Row>(
      manager ?? this.dataSource.manager,
      `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO UPDATE SET company_id = EXCLUDED.company_id, content_type = EXCLUDED.content_type,
         size = EXCLUDED.size, sha256 = EXCLUDED.sha256, data = EXCLUDED.data, created_at = now()
       RETURNING key, company_id, content_type, size, sha256, created_at`,
      [key, meta.companyId, meta.contentType, data.length, sha256, data],
    );
    return info(row!);
  }

  async get(key: string, manager?: EntityManager): Promise<StoredFile | null> {
    const row = await one<Row>(
      manager ?? this.dataSource.manager,
      `SELECT key, company_id, content_type, size, sha256, created_at, data FROM stored_files WHERE key = $1`,
      [key],
    );
    return row ? { ...info(row), data: row.data! } : null;
  }

  async head(key: string, manager?: EntityManager): Promise<StoredFileInfo | null> {
    const row = await one<Row>(
      manager ?? this.dataSource.manager,
      `SELECT key, company_id, content_type, size, sha256, created_at FROM stored_files WHERE key = $1`,
      [key],
    );
    return row ? info(row) : null;
  }

  async delete(key: string, manager?: EntityManager): Promise<boolean> {
    return (await affected(manager ?? this.dataSource.manager, `DELETE FROM stored_files WHERE key = $1`, [key])) > 0;
  }

  async deletePrefix(prefix: string, manager?: EntityManager): Promise<number> {
    assertValidStorageKey(prefix);
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return affected(manager ?? this.dataSource.manager, `DELETE FROM stored_files WHERE key LIKE $1`, [`${escaped}%`]);
  }
}
