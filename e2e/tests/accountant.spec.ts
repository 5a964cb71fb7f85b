import { expect, test } from './diagnostics.js';
import { login, logout, openNavigation, registerCompany, selectOption, uniqueEmail } from './support.js';

/**
 * Issue 26: the admin creates a Treuhänder (role accountant); the accountant signs in, sees the
 * invoices without any write button and none of the work screens; the admin finds the sign-in
 * under Einstellungen › Support-Zugriffe.
 */
test('Admin legt Treuhänder an; Treuhänder liest Rechnungen ohne Schreibknöpfe; Zugriff im Protokoll', async ({
  page,
}) => {
  const admin = await registerCompany(page);
  await page.goto('/users?action=create');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const email = uniqueEmail('treuhand');
  await dialog.getByLabel('Vorname', { exact: true }).fill('Tina');
  await dialog.getByLabel('Nachname', { exact: true }).fill('Treuhand');
  await dialog.getByLabel('E-Mail', { exact: true }).fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill('Baustelle1');
  await selectOption(page, dialog.getByLabel('Rolle', { exact: true }), 'Treuhänder');
  await dialog.getByRole('button', { name: 'Benutzer erstellen' }).click();
  await expect(page.getByText('Benutzer erstellt').first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Treuhänder').first()).toBeVisible();

  await logout(page);
  await login(page, email, 'Baustelle1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openNavigation(page);
  const nav = page.getByRole('complementary', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Rechnungen', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Angebote', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Benutzer', exact: true })).toHaveCount(0);

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Rechnungen' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neue Rechnung' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bankdatei importieren' })).toHaveCount(0);
  await page.goto('/quotes');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/time-tracking');
  await expect(page).toHaveURL(/\/dashboard$/);

  await logout(page);
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings?tab=support');
  await expect(page.getByText('Hat sich angemeldet (nur Lesezugriff)').first()).toBeVisible();
});
