import { expect, test } from './diagnostics.js';
import { login, logout, openNavigation, registerCompany, uniqueEmail } from './support.js';

test('Admin legt Mitarbeiter an; Mitarbeiter sieht keine Administration', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/users?action=create');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const employeeEmail = uniqueEmail('mitarbeiter');
  await dialog.getByLabel('Vorname', { exact: true }).fill('Luca');
  await dialog.getByLabel('Nachname', { exact: true }).fill('Meier');
  await dialog.getByLabel('E-Mail', { exact: true }).fill(employeeEmail);
  await dialog.getByLabel('Passwort', { exact: true }).fill('Baustelle1');
  // Role defaults to employee; the craft field is shown for employees.
  await dialog.getByRole('button', { name: 'Benutzer erstellen' }).click();
  await expect(page.getByText('Benutzer erstellt').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(employeeEmail).first()).toBeVisible();

  await logout(page);
  await login(page, employeeEmail, 'Baustelle1');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/dashboard$/);

  await openNavigation(page);
  const nav = page.getByRole('complementary', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Benutzer', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Einstellungen', exact: true })).toHaveCount(0);
});

test('Deaktivieren, Aktivieren und endgültiges Löschen mit Namensbestätigung', async ({ page }) => {
  const admin = await registerCompany(page);
  const email = uniqueEmail('weg');
  await page.goto('/users?action=create');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname', { exact: true }).fill('Sara');
  await dialog.getByLabel('Nachname', { exact: true }).fill('Keller');
  await dialog.getByLabel('E-Mail', { exact: true }).fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill('Baustelle1');
  await dialog.getByRole('button', { name: 'Benutzer erstellen' }).click();
  await expect(page.getByText('Benutzer erstellt').first()).toBeVisible();

  await page.getByRole('button', { name: 'Deaktivieren: Sara Keller' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(page.getByText('Benutzer deaktiviert').first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Inaktiv').first()).toBeVisible();
  await page.getByRole('button', { name: 'Aktivieren: Sara Keller' }).click();
  await expect(page.getByText('Benutzer aktiviert').first()).toBeVisible();

  // The own account offers neither deactivation nor deletion.
  const own = `${admin.firstName} ${admin.lastName}`;
  await expect(page.getByRole('button', { name: `Deaktivieren: ${own}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Endgültig löschen: ${own}` })).toHaveCount(0);

  await page.getByRole('button', { name: 'Endgültig löschen: Sara Keller' }).click();
  const confirm = page.getByRole('dialog');
  const button = confirm.getByRole('button', { name: 'Endgültig löschen' });
  await confirm.getByRole('textbox').fill('Sara');
  await expect(button).toBeDisabled();
  await confirm.getByRole('textbox').fill('Sara Keller');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText(/Benutzer endgültig gelöscht/).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toHaveCount(0);
});
