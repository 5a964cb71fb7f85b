// One fiduciary in several companies (issue 26): company B's admin invites a Treuhänder who already
// has a Zunft account (accountant of company A) by e-mail; the link from the stack's mail outbox is
// accepted with the existing password, and the user menu switches between the two companies.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './diagnostics.js';
import { E2E_VAR_DIR } from '../playwright.config.js';
import { api, logout, registerCompany, uniqueEmail } from './support.js';

const OUTBOX = path.resolve(import.meta.dirname, '../..', E2E_VAR_DIR, 'mail-outbox');

/** The invitation link of the newest mail to `to` (no SMTP in tests). */
async function invitationLinkFor(to: string): Promise<string> {
  let link: string | null = null;
  await expect(async () => {
    const files = (await readdir(OUTBOX)).filter((f) => f.endsWith('.eml'));
    const withTime = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(OUTBOX, f))).mtimeMs })));
    for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
      const raw = (await readFile(path.join(OUTBOX, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(to)) continue;
      const match = /https?:\/\/[^\s"<>]+\/einladung\?token=[A-Za-z0-9_-]{43}/.exec(raw);
      if (match) {
        link = match[0];
        return;
      }
    }
    throw new Error(`no invitation mail to ${to} yet`);
  }).toPass({ timeout: 30_000 });
  return link!;
}

/**
 * Opens the user menu and waits for `item` (the companies load after the menu opens). A menu still
 * open without the item is closed first (Escape), so a retry never toggles it shut.
 */
async function openUserMenu(page: import('@playwright/test').Page, item: string) {
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: item }).first().isVisible())) {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Benutzermenü' }).click();
    }
    await expect(page.getByRole('menuitem', { name: item }).first()).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 40_000 });
}

/**
 * Picks another company in the user menu and waits for the app's fresh start in it (a full reload).
 * A click that sent no switch (the menu still animating in, seen on the phone under load) is repeated.
 */
async function switchTo(page: import('@playwright/test').Page, companyName: string) {
  const isSwitch = (r: import('@playwright/test').Response) =>
    r.url().endsWith('/api/auth/switch-company') && r.request().method() === 'POST';
  let answer: import('@playwright/test').Response | null = null;
  const reloaded = page.waitForEvent('load', { timeout: 45_000 });
  await expect(async () => {
    await openUserMenu(page, companyName);
    const switched = page.waitForResponse(isSwitch, { timeout: 8000 });
    await page.getByRole('menuitem', { name: companyName }).click({ timeout: 3000 });
    answer = await switched;
  }).toPass({ timeout: 45_000 });
  expect(answer!.status()).toBe(200);
  await reloaded;
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('Treuhänder per E-Mail eingeladen: Link annehmen, zwischen zwei Firmen wechseln', async ({ page }) => {
  const fiduciary = { email: uniqueEmail('treuhand'), password: 'Baustelle1' };
  const companyA = await registerCompany(page);
  await api(page, 'POST', '/api/users', {
    firstName: 'Tina',
    lastName: 'Treuhand',
    email: fiduciary.email,
    password: fiduciary.password,
    role: 'accountant',
  });
  await logout(page);

  const companyB = await registerCompany(page);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Treuhänder einladen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-Mail-Adresse', { exact: true }).fill(fiduciary.email);
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText(`Einladung an ${fiduciary.email} gesendet`).first()).toBeVisible();
  await expect(page.getByText('Offen').first()).toBeVisible();
  await logout(page);

  const link = new URL(await invitationLinkFor(fiduciary.email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`«${companyB.companyName}» lädt ${fiduciary.email} ein`)).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(fiduciary.password);
  await page.getByRole('button', { name: 'Anmelden und annehmen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // signed in to B; the user menu offers A
  await openUserMenu(page, `${companyB.companyName} (aktuell)`);
  await switchTo(page, companyA.companyName);
  await openUserMenu(page, `${companyA.companyName} (aktuell)`);
  await expect(page.getByRole('menuitem', { name: companyB.companyName })).toBeVisible();
});
