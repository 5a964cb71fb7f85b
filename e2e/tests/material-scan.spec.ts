// Issue 29: the office imports a wholesaler's price list (mapping its columns, watching the
// progress); then, on a phone, the material-usage form reads an article's barcode from the camera and
// records the usage. Chromium's fake camera plays a Y4M file of an EAN-13 (barcode-video.ts).
// Headless Chromium on Linux has no BarcodeDetector, so ZXing (loaded lazily) does the reading.
import { fakeCameraLaunchOptions } from './barcode-video.js';
import { expect, test } from './diagnostics.js';
import { api, registerCompany, selectOption } from './support.js';

const EAN = '7612345000015';

test.use({ permissions: ['camera'], launchOptions: fakeCameraLaunchOptions(EAN) });

test('Katalog importieren (Spalten zuordnen), dann Barcode scannen und Verbrauch erfassen', async ({ page }) => {
  await registerCompany(page);
  // The wholesaler's price list through the import dialog: its columns are not recognised, so they
  // are mapped by hand; then the import runs and reports what it did.
  const csv = `Nr;Text;ME;CHF;Code\n100200;NYM-J 3x1,5 Installationskabel;m;0,56;${EAN}\n100300;Abzweigdose AP 80x80;Stk;3,95;7612345000022\n`;
  await page.goto('/materials');
  await page.getByRole('button', { name: 'Katalog importieren' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Katalog des Grosshändlers importieren' });
  await importDialog.getByLabel('Lieferant').fill('Elektro Muster AG');
  await importDialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'preise.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importDialog.getByRole('button', { name: 'Importieren' }).click();
  await expect(importDialog.getByText(/Die Spalten wurden nicht erkannt \(Nr, Text, ME, CHF, Code\)/)).toBeVisible();
  for (const [field, column] of [
    ['Artikelnummer', 'Nr'],
    ['Bezeichnung', 'Text'],
    ['Einheit', 'ME'],
    ['Preis (brutto)', 'CHF'],
    ['EAN', 'Code'],
  ] as const)
    await selectOption(page, importDialog.getByLabel(field, { exact: true }), new RegExp(`^${column}$`));
  await importDialog.getByRole('button', { name: 'Importieren' }).click();
  await expect(
    importDialog.getByText('Fertig: 2 neu, 0 geändert, 0 unverändert, 0 nicht mehr in der Liste.'),
  ).toBeVisible();
  await importDialog.getByRole('button', { name: 'Schliessen', exact: true }).click();
  await expect(page.getByRole('main').getByText('NYM-J 3x1,5 Installationskabel').first()).toBeVisible();
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', { name: 'Müller Haustechnik AG' });
  await api(page, 'POST', '/api/projects', {
    title: 'Neubau Seestrasse',
    status: 'in_progress',
    customerId: customer.id,
  });

  await page.reload();
  await page.getByRole('button', { name: 'Verbrauch erfassen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Verbrauch erfassen' });
  await selectOption(page, dialog.getByLabel('Projekt', { exact: true }), /Neubau Seestrasse/);
  await dialog.getByRole('button', { name: 'Barcode scannen' }).click();
  await expect(page.getByTestId('barcode-video')).toBeVisible();
  // The scanner closes once it read the code; the material is chosen, the quantity asked.
  await expect(page.getByTestId('barcode-video')).toBeHidden({ timeout: 20_000 });
  await expect(dialog.getByText(/NYM-J 3x1,5 Installationskabel/)).toBeVisible();
  await expect(dialog.getByLabel('Menge', { exact: true })).toBeFocused();
  await dialog.getByLabel('Menge', { exact: true }).fill('25');
  await dialog.getByRole('button', { name: 'Erfassen' }).click();
  await expect(page.getByText('Materialverbrauch erfolgreich erfasst!').first()).toBeVisible();

  const usage = await api<Array<{ material_name: string; quantity: number; unit_price: number }>>(
    page,
    'GET',
    '/api/materials/usage/list',
  );
  expect(usage.map((u) => [u.material_name, u.quantity, u.unit_price])).toEqual([
    ['NYM-J 3x1,5 Installationskabel', 25, 0.56],
  ]);
});
