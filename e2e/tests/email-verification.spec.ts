// E-mail verification (issue 25): a new owner works at once, sees the banner below the page, opens
// the link of the registration mail (from the stack's mail outbox) and the address is confirmed;
// the banner is gone after the next profile load.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './diagnostics.js';
import { E2E_VAR_DIR } from '../playwright.config.js';
import { registerCompany } from './support.js';

const OUTBOX = path.resolve(import.meta.dirname, '../..', E2E_VAR_DIR, 'mail-outbox');

/** The verification link of the newest mail to `to` (no SMTP in tests). */
async function verificationLinkFor(to: string): Promise<string> {
  let link: string | null = null;
  await expect(async () => {
    const files = (await readdir(OUTBOX)).filter((f) => f.endsWith('.eml'));
    const withTime = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(OUTBOX, f))).mtimeMs })));
    for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
      const raw = (await readFile(path.join(OUTBOX, f), 'utf8')).replace(/=\r?\n/g, '');
      if (!raw.includes(to)) continue;
      const match = /https?:\/\/[^\s"<>]+\/verify-email\/[A-Za-z0-9_-]{43}/.exec(raw);
      if (match) {
        link = match[0];
        return;
      }
    }
    throw new Error(`no verification mail to ${to} yet`);
  }).toPass({ timeout: 30_000 });
  return link!;
}

test('Registrierung: Bestätigungslink aus der E-Mail bestätigt die Adresse, der Hinweis verschwindet', async ({
  page,
}) => {
  const company = await registerCompany(page);
  // The spec's flows work at once; the reminder sits below the page.
  await expect(page.getByText(/Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Link/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link erneut senden' })).toBeVisible();

  const link = new URL(await verificationLinkFor(company.email));
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
  await page.locator('#main').getByRole('link', { name: 'Zum Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Willkommen/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link erneut senden' })).toHaveCount(0);

  // The same link again: already confirmed, still a success.
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
});
