// Spesen: an employee claims an expense with a receipt photo; the office sees it, downloads the
// receipt and approves it; a second claim is rejected with a reason the employee then reads.
import { expect, test, type Page } from '@playwright/test';
import { createEmployee, login, logout, registerCompany, selectOption } from './support.js';

// A real (tiny) PNG: the server checks the content, not the name.
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function claim(page: Page, category: string, description: string, amount: string, withReceipt: boolean) {
  await page.getByRole('main').getByRole('button', { name: 'Neue Spese' }).first().click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog.getByLabel('Kategorie', { exact: true }), category);
  await dialog.getByLabel('Beschreibung', { exact: true }).fill(description);
  await dialog.getByLabel('Betrag (CHF)', { exact: true }).fill(amount);
  if (withReceipt) {
    await dialog.getByLabel('Beleg', { exact: true }).setInputFiles({
      name: 'quittung.png',
      mimeType: 'image/png',
      buffer: RECEIPT_PNG,
    });
  }
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText('Spese erstellt!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('Spese mit Belegfoto: erfassen, Beleg herunterladen, genehmigen; zweite Spese abgelehnt', async ({ page }) => {
  const admin = await registerCompany(page);
  const employee = await createEmployee(page, 'Luca', 'Meier');

  await logout(page);
  await login(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Spesenabrechnung' })).toBeVisible();
  await expect(page.getByText('Keine Spesen').first()).toBeVisible();

  await claim(page, 'Transport', 'Zugbillett Bern–Thun', '42.50', true);
  await claim(page, 'Verpflegung', 'Mittagessen Baustelle', '28.00', false);
  const main = page.getByRole('main');
  await expect(main.getByText('Zugbillett Bern–Thun').first()).toBeVisible();
  await expect(main.getByText('Kein Beleg').first()).toBeVisible();
  // Employees approve nothing.
  await expect(main.getByRole('button', { name: 'Genehmigen' })).toHaveCount(0);

  // The office: both claims pending; download the receipt, approve one, reject the other.
  await logout(page);
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/expenses');
  await expect(main.getByText('Luca Meier').first()).toBeVisible();
  const pendingTile = page.getByRole('group', { name: 'Ausstehend' });
  await expect(pendingTile).toContainText('70.50');

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Beleg herunterladen' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^beleg-.*\.png$/);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).equals(RECEIPT_PNG)).toBe(true);

  const trainRow = main.locator('tr, .ant-card').filter({ hasText: 'Zugbillett Bern–Thun' }).last();
  await trainRow.getByRole('button', { name: 'Genehmigen' }).click();
  await expect(page.getByText('Spese genehmigt!').first()).toBeVisible();
  await expect(trainRow.getByText('Genehmigt')).toBeVisible();

  const lunchRow = main.locator('tr, .ant-card').filter({ hasText: 'Mittagessen Baustelle' }).last();
  await lunchRow.getByRole('button', { name: 'Ablehnen' }).click();
  const rejectDialog = page.getByRole('dialog');
  await rejectDialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(rejectDialog.getByText('Begründung ist erforderlich')).toBeVisible();
  await rejectDialog.getByLabel('Begründung', { exact: true }).fill('Mittagessen ist in der Pauschale enthalten');
  await rejectDialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(page.getByText('Spese abgelehnt!').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Genehmigt' })).toContainText('42.50');
  await expect(page.getByRole('group', { name: 'Abgelehnt' })).toContainText('28.00');

  // The employee reads the reason.
  await logout(page);
  await login(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/expenses');
  await expect(main.getByText('Abgelehnt: Mittagessen ist in der Pauschale enthalten').first()).toBeVisible();
});
