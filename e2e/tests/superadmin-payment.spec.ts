import { expect, test } from './diagnostics.js';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { login, registerCompany } from './support.js';

const root = path.resolve(import.meta.dirname, '../..');
const authEnv = (): Record<string, string> => JSON.parse(process.env.E2E_AUTH_ENV ?? '{}');

/** Runs SQL against the e2e auth database (a test's way to fast-forward time). */
function sql(statement: string): void {
  const url = authEnv().DATABASE_URL;
  const res = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
}

test('Super-Admin: einmaliger Link aus der CLI meldet als Administrator an', async ({ page, baseURL }) => {
  const cli = spawnSync(process.execPath, ['dist/cli/superadmin-token.js', '--company', 'demo@zunft.ch'], {
    cwd: path.join(root, 'services/auth'),
    env: { ...process.env, ...authEnv() },
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  const token = /Token: (\S+)/.exec(cli.stdout)?.[1];
  expect(token).toBeTruthy();

  await page.goto(`/app?superadminToken=${encodeURIComponent(token!)}`);
  await expect(page.getByText('SuperAdmin-Login erfolgreich!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main').getByText('Muster Elektro AG').first()).toBeVisible();
  // The token is gone from storage and the URL, and it cannot be used twice.
  expect(await page.evaluate(() => localStorage.getItem('zunft.superAdminToken'))).toBeNull();
  const again = await page.request.post(`${baseURL}/api/auth/superadmin-login`, { data: { token } });
  expect(again.status()).toBe(401);
});

test('Abgelaufener Test: Admin landet bei Einstellungen › Abonnement', async ({ page }) => {
  const company = await registerCompany(page);
  sql(`UPDATE companies SET trial_ends_at = now() - interval '1 day' WHERE name = '${company.companyName}'`);
  // A new access token carries the expired trial; the guard sends every page to the payments tab.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, company.email, company.password);
  await expect(page).toHaveURL(/\/settings\?tab=payments$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/settings\?tab=payments$/);
  // The API refuses business calls with 403 requires_payment, but the payments tab still loads.
  await expect(page.getByText(/Testphase|abgelaufen/i).first()).toBeVisible();
});
