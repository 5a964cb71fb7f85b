// A remote that is down must not take the shell with it: the page shows a German error card with a
// retry, navigation keeps working, and once the remote is back the retry loads it.
import { expect, test } from './diagnostics.js';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { E2E_PORTS } from '../playwright.config.js';
import { registerCompany } from './support.js';

const root = path.resolve(import.meta.dirname, '../..');
let remoteServer: ChildProcess | undefined;
let secondGateway: ChildProcess | undefined;

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function waitFor(url: string, up = true): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok === up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ${up ? 'reachable' : 'unreachable'}`);
}

const remoteUrl = `http://127.0.0.1:${E2E_PORTS.remoteStatic}`;
const startRemote = async () => {
  remoteServer = startProcess('e2e/static-remote.mjs', {
    PORT: String(E2E_PORTS.remoteStatic),
    DIR: 'apps/mf-admin/dist',
  });
  await waitFor(`${remoteUrl}/mf-manifest.json`);
};
const stopRemote = async () => {
  remoteServer?.kill('SIGTERM');
  await waitFor(`${remoteUrl}/mf-manifest.json`, false);
};

test.beforeAll(async () => {
  await startRemote();
  const authEnv = JSON.parse(process.env.E2E_AUTH_ENV ?? '{}') as Record<string, string>;
  secondGateway = startProcess('services/gateway/dist/main.js', {
    PORT: String(E2E_PORTS.secondGateway),
    HOST: '127.0.0.1',
    AUTH_SERVICE_URL: `http://127.0.0.1:${authEnv.PORT ?? E2E_PORTS.auth}`,
    SHELL_DIST: path.join(root, 'apps/shell/dist'),
    REMOTE_DIRS: '',
    REMOTE_ADMIN_URL: `${remoteUrl}/mf-manifest.json`,
    RATE_LIMIT_LOGIN_PER_MIN: '1000',
    RATE_LIMIT_REGISTER_PER_MIN: '1000',
    LOG_LEVEL: 'warn',
  });
  await waitFor(`http://127.0.0.1:${E2E_PORTS.secondGateway}/healthz`);
});

test.afterAll(() => {
  remoteServer?.kill('SIGTERM');
  secondGateway?.kill('SIGTERM');
});

// This file talks to its own gateway, whose remotes.json points at the separately served remote.
test.use({ baseURL: `http://localhost:${E2E_PORTS.secondGateway}` });

test('Gestoppter Remote zeigt Fehlerkarte, Shell bleibt bedienbar', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Benutzer' }).first()).toBeVisible();

  await stopRemote();
  await page.goto('/settings');
  await expect(page.getByText('Dieser Bereich konnte nicht geladen werden.')).toBeVisible();
  // The rest of the shell still works.
  await page.goto('/dashboard');
  await expect(page.getByText(/Willkommen/).first()).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByText('Dieser Bereich konnte nicht geladen werden.')).toBeVisible();
  await startRemote();
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Einstellungen' }).first()).toBeVisible();
  await expect(page.getByText('Dieser Bereich konnte nicht geladen werden.')).toHaveCount(0);
});
