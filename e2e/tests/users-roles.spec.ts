import { expect, test } from '@playwright/test';
import { login, logout, openNavigation, registerCompany, uniqueEmail } from './support.js';

test('Admin legt Mitarbeiter an; Mitarbeiter sieht keine Administration', async ({ page }) => {
  await registerCompany(page);
  await page.goto('/users?action=create');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const employeeEmail = uniqueEmail('mitarbeiter');
  await dialog.getByLabel('Vorname').fill('Luca');
  await dialog.getByLabel('Nachname').fill('Meier');
  await dialog.getByLabel('E-Mail').fill(employeeEmail);
  await dialog.getByLabel('Passwort').fill('Baustelle1');
  // Role defaults to employee; the craft field is shown for employees.
  await dialog.getByRole('button', { name: /Speichern|Erstellen/ }).click();
  await expect(page.getByText('Benutzer erstellt').first()).toBeVisible();
  await expect(page.getByText(employeeEmail).first()).toBeVisible();

  await logout(page);
  await login(page, employeeEmail, 'Baustelle1');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/dashboard$/);

  await openNavigation(page);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Benutzer' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Einstellungen' })).toHaveCount(0);
});

test('Deaktivieren, Aktivieren und endgültiges Löschen mit Namensbestätigung', async ({ page }) => {
  const admin = await registerCompany(page);
  const email = uniqueEmail('weg');
  await page.goto('/users?action=create');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vorname').fill('Sara');
  await dialog.getByLabel('Nachname').fill('Keller');
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Passwort').fill('Baustelle1');
  await dialog.getByRole('button', { name: /Speichern|Erstellen/ }).click();
  await expect(page.getByText('Benutzer erstellt').first()).toBeVisible();

  const row = page.getByTestId(`user-${email}`);
  await row.getByRole('button', { name: 'Deaktivieren' }).click();
  await page
    .getByRole('button', { name: /^(OK|Ja|Deaktivieren)$/ })
    .last()
    .click();
  await expect(page.getByText('Benutzer deaktiviert').first()).toBeVisible();
  await expect(row.getByText('Inaktiv')).toBeVisible();
  await row.getByRole('button', { name: 'Aktivieren' }).click();
  await expect(page.getByText('Benutzer aktiviert').first()).toBeVisible();

  // The own account offers neither deactivation nor deletion.
  const own = page.getByTestId(`user-${admin.email}`);
  await expect(own.getByRole('button', { name: 'Deaktivieren' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Löschen' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Löschen' }).click();
  const confirm = page.getByRole('dialog');
  const button = confirm.getByRole('button', { name: 'Endgültig löschen' });
  await confirm.getByRole('textbox').fill('Sara');
  await expect(button).toBeDisabled();
  await confirm.getByRole('textbox').fill('Sara Keller');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText(/Benutzer endgültig gelöscht/).first()).toBeVisible();
  await expect(page.getByTestId(`user-${email}`)).toHaveCount(0);
});
