// «Alle Daten exportieren» (issue 26, revDSG art. 28): the admin starts the export under
// Einstellungen › Konto, sees its progress, downloads the ZIP and it holds the company's tables
// (operations' customers among them) and its documents; read here with fflate.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { expect, test } from './diagnostics.js';
import { api, registerCompany, uniqueEmail } from './support.js';

test('Alle Daten exportieren: Fortschritt, Download, das ZIP enthält die Kunden', async ({ page }) => {
  test.setTimeout(180_000);
  await registerCompany(page);
  const customerName = `Bäckerei Export ${randomUUID().slice(0, 4)}`;
  await api(page, 'POST', '/api/customers', {
    name: customerName,
    email: uniqueEmail('kunde'),
    address: 'Seestrasse 7',
    zip: '6004',
    city: 'Luzern',
  });

  await page.goto('/settings?tab=account');
  const card = page.locator('.ant-card').filter({ has: page.getByText('Daten', { exact: true }) });
  await card.getByRole('button', { name: 'Alle Daten exportieren' }).click();
  // the export runs: its phase and a progress bar, the start button disabled meanwhile
  await expect(card.getByRole('progressbar')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Alle Daten exportieren' })).toBeDisabled();

  const downloadButton = card.getByRole('button', { name: /ZIP herunterladen \(\d+(\.\d)? MB\)/ });
  await expect(downloadButton).toBeVisible({ timeout: 120_000 });
  await expect(card.getByText(/Erstellt am .* Tabellen, .* Dokumente · verfügbar bis/)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^zunft-daten-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['LIESMICH.txt', 'operations/customers.csv', 'auth/users.csv', 'billing/invoices.csv']),
  );
  const customers = Buffer.from(zip['operations/customers.csv']!).toString('utf8');
  expect(customers.charCodeAt(0)).toBe(0xfeff);
  expect(customers).toContain(customerName);
  expect(Buffer.from(zip['auth/users.csv']!).toString('utf8')).not.toMatch(/password|\$argon2/);
});
