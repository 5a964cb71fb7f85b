import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { SuperAdminService } from '../auth/index.js';
import { authDataSourceOptions } from '../database/data-source.js';

/**
 * `node dist/cli/superadmin-token.js --company <companyId | e-mail of one of its users>`
 * Prints a one-time super-admin token (10 minutes) and the shell URL that uses it.
 * Needs DATABASE_URL (and APP_URL for the link); no JWT keys.
 */
const { values } = parseArgs({ options: { company: { type: 'string', short: 'c' } } });
if (!values.company) {
  console.error('Usage: node dist/cli/superadmin-token.js --company <companyId|admin e-mail>');
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zunft_auth';
const appUrl = (process.env.APP_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const dataSource = new DataSource(authDataSourceOptions(url, { migrationsRun: false }));
await dataSource.initialize();
try {
  const service = SuperAdminService.on(dataSource);
  const { token, company, admin, expiresAt } = await service.issue(values.company);
  console.log(`Super-admin token for "${company.name}" (${company.id}), acting as ${admin.email}`);
  console.log(`Single use, valid until ${expiresAt.toISOString()}`);
  console.log(`Token: ${token}`);
  console.log(`URL:   ${appUrl}/app?superadminToken=${encodeURIComponent(token)}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await dataSource.destroy();
}
