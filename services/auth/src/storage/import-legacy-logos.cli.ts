import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { authDataSourceOptions } from '../database/data-source.js';
import { LEGACY_STORAGE_DIR_DEFAULT, importLegacyLogos } from './legacy-logo-import.js';

/**
 * `node dist/storage/import-legacy-logos.cli.js [dir]` (dir defaults to STORAGE_DIR, else
 * var/storage/auth). Copies logos from the old local-disk storage into `stored_files`, like the
 * migration StoredFiles1765000000000 does at its first run: for an installation whose migration ran
 * without the old directory. Safe to repeat (existing files are kept). Needs DATABASE_URL only.
 */
const dir = process.argv[2] || process.env.STORAGE_DIR || LEGACY_STORAGE_DIR_DEFAULT;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zunft_auth';
const dataSource = new DataSource(authDataSourceOptions(url, { migrationsRun: false }));
await dataSource.initialize();
const runner = dataSource.createQueryRunner();
try {
  const result = await importLegacyLogos(runner, dir);
  console.log(`${result.imported} logo(s) copied from ${result.dir} into stored_files`);
  for (const missing of result.missing) console.log(`not found on disk: ${missing}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await runner.release();
  await dataSource.destroy();
}
