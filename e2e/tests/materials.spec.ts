// Issue 3 (so far): materials with a stock below the minimum carry the low-stock warning, and the
// stat cards count them.
import { expect, test } from './diagnostics.js';
import { registerCompany, selectOption } from './support.js';

test('Material mit tiefem Bestand zeigt die Warnung', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/materials');
  await page.getByRole('button', { name: 'Neues Material' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Kabel NYM 3x1.5');
  await selectOption(page, dialog.getByLabel('Einheit', { exact: true }), /^m$/);
  await dialog.getByLabel('Preis pro Einheit (CHF)').fill('1.85');
  await dialog.getByLabel('Lagerbestand', { exact: true }).fill('20');
  await dialog.getByLabel('Mindestbestand', { exact: true }).fill('50');
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText('Material erfolgreich erstellt!').first()).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByText('Kabel NYM 3x1.5').first()).toBeVisible();
  await expect(main.getByText('Niedriger Lagerbestand').first()).toBeVisible();
  // Stock value 20 × 1.85 = CHF 37.00 in Swiss format.
  await expect(main.getByText('CHF 37.00').first()).toBeVisible();
});
