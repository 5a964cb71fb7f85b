import 'reflect-metadata';
import { migrateDatabase } from '@zunft/nest-common';
import { operationsDataSourceOptions } from './database/data-source.js';

/** `node dist/migrate.js`: creates the database if needed and runs pending migrations. */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zunft_operations';
await migrateDatabase(url, operationsDataSourceOptions(url, { migrationsRun: false }));
