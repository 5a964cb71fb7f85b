import { DataSource } from 'typeorm';

/** Creates the service database when it does not exist yet (local setup, CI). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const ds = new DataSource({ type: 'postgres', url: admin.toString() });
  await ds.initialize();
  try {
    const rows: unknown[] = await ds.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) return false;
    await ds.query(`CREATE DATABASE "${name}"`);
    return true;
  } finally {
    await ds.destroy();
  }
}
