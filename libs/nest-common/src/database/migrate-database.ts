import type { DataSourceOptions } from 'typeorm';
import { ensureDatabase } from './ensure-database.js';
import { runMigrationsLocked } from './migration-lock.js';

/**
 * What a service's `node dist/migrate.js` does: creates the database at `url` if needed, then runs
 * the pending migrations of `options` (the service's DataSource, with `migrationsRun: false`) under
 * the migration advisory lock, so the Kubernetes migration Job and a starting pod never race.
 */
export async function migrateDatabase(url: string, options: DataSourceOptions): Promise<void> {
  if (await ensureDatabase(url)) console.log(`Created database ${new URL(url).pathname.slice(1)}`);
  const ran = await runMigrationsLocked({ ...options, migrationsTransactionMode: 'each' }, (line) => console.log(line));
  console.log(
    ran.length ? `Ran ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}` : 'No pending migrations',
  );
}
