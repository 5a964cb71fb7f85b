import { DataSource } from 'typeorm';

/** Creates the service database when it does not exist yet (local setup, CI); safe when two migrators race. */
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
    try {
      await ds.query(`CREATE DATABASE "${name}"`);
    } catch (error) {
      // Another migrator created it between the check and here (duplicate_database, or the unique
      // index of pg_database when both CREATEs ran at once): the database exists, which is the goal.
      const code = (error as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw error;
    }
    return true;
  } finally {
    await ds.destroy();
  }
}
