import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { authDataSourceOptions } from '../database/data-source.js';

/**
 * `node dist/cli/migration-sql.js`: migrates the database at DATABASE_URL, then prints the SQL that
 * would bring it to the current entities: the up/down bodies of the next migration. Read it, put it
 * into a new class in src/migrations/ and add that to AUTH_MIGRATIONS. The platform integration test
 * fails while entities and migrations disagree.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zunft_auth';
const dataSource = new DataSource(authDataSourceOptions(url, { migrationsRun: false }));
await dataSource.initialize();
try {
  await dataSource.runMigrations({ transaction: 'each' });
  const { upQueries, downQueries } = await dataSource.driver.createSchemaBuilder().log();
  if (!upQueries.length) {
    console.log('-- Entities and migrations agree: nothing to generate.');
  } else {
    console.log('-- up');
    for (const q of upQueries) console.log(`${q.query};`);
    console.log('\n-- down (run in reverse order)');
    for (const q of [...downQueries].reverse()) console.log(`${q.query};`);
  }
} finally {
  await dataSource.destroy();
}
