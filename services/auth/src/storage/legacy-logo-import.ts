import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { QueryRunner } from 'typeorm';
import { LOGO_CONTENT_TYPES } from '../companies/companies.dto.js';
import { LOGO_PATH_PATTERN, logoStorageKey } from './logo-keys.js';

/** Where logos were kept before they moved into PostgreSQL (the former `STORAGE_DIR` default). */
export const LEGACY_STORAGE_DIR_DEFAULT = 'var/storage/auth';

export interface LegacyLogoImport {
  dir: string;
  imported: number;
  /** Logo paths a company names, not in `stored_files` and not in `dir` (the logo answers 404, as before). */
  missing: string[];
}

/**
 * One-off copy of the logos from the old local disk into `stored_files`, run by the migration that
 * creates the table. `dir` is `STORAGE_DIR` when still set for that run, else the old default;
 * without the directory nothing is copied. Only files a company still names are copied (old,
 * replaced logos were deleted from disk anyway) and not yet in `stored_files`: runs again safely.
 * The files on disk are left in place; remove the volume once the migration has run.
 */
export async function importLegacyLogos(q: QueryRunner, dir: string): Promise<LegacyLogoImport> {
  const root = path.resolve(dir);
  const result: LegacyLogoImport = { dir: root, imported: 0, missing: [] };
  const companies = (await q.query(
    `SELECT c.id, c.logo_path FROM companies c
     WHERE c.logo_path IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = c.id || '/' || c.logo_path)`,
  )) as {
    id: string;
    logo_path: string;
  }[];
  for (const { id, logo_path: logoPath } of companies) {
    if (!LOGO_PATH_PATTERN.test(logoPath)) {
      result.missing.push(logoPath);
      continue;
    }
    let data: Buffer;
    try {
      data = await readFile(path.join(root, logoPath));
    } catch {
      result.missing.push(logoPath);
      continue;
    }
    const ext = logoPath.slice(logoPath.lastIndexOf('.') + 1);
    const inserted = (await q.query(
      `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data)
       VALUES ($1, $2, $3, $4, encode(sha256($5), 'hex'), $5)
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [logoStorageKey(id, logoPath), id, LOGO_CONTENT_TYPES[ext], data.length, data],
    )) as unknown[];
    result.imported += inserted.length;
  }
  return result;
}
