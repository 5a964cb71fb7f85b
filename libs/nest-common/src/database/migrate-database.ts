import { DataSource, type DataSourceOptions } from 'typeorm';
import { ensureDatabase } from './ensure-database.js';

/**
 * What a service's `node dist/migrate.js` does: creates the database at `url` if needed, then runs
 * the pending migrations of `options` (the service's DataSource, with `migrationsRun: false`).
 */
export async function migrateDatabase(url: string, options: DataSourceOptions): Promise<void> {
  if (await ensureDatabase(url)) console.log(`Created database ${new URL(url).pathname.slice(1)}`);
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    console.log(
      ran.length ? `Ran ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}` : 'No pending migrations',
    );
  } finally {
    await dataSource.destroy();
  }
}
