// Support access in the audit trail (issue 25): a super-admin («Support») session opened with the
// CLI's one-time link changes something; the company's admin sees the session and the change as
// «Support» in Einstellungen › Support-Zugriffe.
import { expect, test } from './diagnostics.js';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { login, registerCompany } from './support.js';

const root = path.resolve(import.meta.dirname, '../..');
const authEnv = (): Record<string, string> => JSON.parse(process.env.E2E_AUTH_ENV ?? '{}');

test('Support-Zugriffe: die Support-Sitzung und ihre Änderung stehen im Protokoll des Administrators', async ({
  page,
  browser,
  baseURL,
}) => {
  const company = await registerCompany(page);
  const cli = spawnSync(process.execPath, ['dist/cli/superadmin-token.js', '--company', company.email], {
    cwd: path.join(root, 'services/auth'),
    env: { ...process.env, ...authEnv() },
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  const token = /Token: (\S+)/.exec(cli.stdout)?.[1];

  // the support session, in a browser of its own, changes the company's settings
  const support = await browser.newContext({ baseURL });
  const supportPage = await support.newPage();
  const session = await supportPage.request.post('/api/auth/superadmin-login', { data: { token } });
  expect(session.status()).toBe(200);
  const { token: accessToken } = (await session.json()) as { token: string };
  const changed = await supportPage.request.put('/api/companies/settings', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { default_hourly_rate: 95 },
  });
  expect(changed.status()).toBe(200);
  await support.close();

  // the admin in person
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, company.email, company.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings?tab=support');
  // the active tab's panel (on a phone the tab bar is a select, the panel has no name)
  const log = page.getByRole('tabpanel');
  await expect(log.getByText('Geändert: /api/companies/settings')).toBeVisible();
  await expect(log.getByText(/Support-Sitzung begonnen \(endet spätestens/)).toBeVisible();
  await expect(log.getByText('Support', { exact: true })).toHaveCount(2);
});
