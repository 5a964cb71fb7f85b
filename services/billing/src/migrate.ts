import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from './database/data-source.js';
import { ensureDatabase } from './database/ensure-database.js';

/** `node dist/migrate.js`: creates the database if needed and runs pending migrations. */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zunft_billing';
if (await ensureDatabase(url)) console.log(`Created database ${new URL(url).pathname.slice(1)}`);
const dataSource = new DataSource(billingDataSourceOptions(url, { migrationsRun: false }));
await dataSource.initialize();
try {
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  console.log(
    ran.length ? `Ran ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}` : 'No pending migrations',
  );
} finally {
  await dataSource.destroy();
}
