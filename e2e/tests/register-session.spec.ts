import { expect, test } from './diagnostics.js';
import { login, logout, registerCompany } from './support.js';

test('Registrieren → Dashboard, Abmelden, wieder Anmelden', async ({ page }) => {
  const company = await registerCompany(page);
  await expect(page.getByText('Firma erfolgreich registriert!')).toBeVisible();
  await expect(page.getByText(new RegExp(`Willkommen.*${company.firstName}`)).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(company.companyName).first()).toBeVisible();
  // Trial of 30 days: banner with a link to the pricing page (more than 7 days left).
  await expect(page.getByText('Sie testen Zunft noch 30 Tage kostenlos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Preise ansehen' })).toHaveAttribute('href', '/pricing');
  // antd's static styles of the layout and the dashboard came with the page (zero runtime: nothing
  // else would colour the primary button in the theme's blue).
  await expect(page.getByRole('button', { name: 'Zeiterfassung starten' })).toHaveCSS(
    'background-color',
    'rgb(31, 95, 174)',
  );

  // Registration always remembers the session: a reload stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Guest-only pages send a signed-in user to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await logout(page);
  await expect(page.getByText('Erfolgreich abgemeldet')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await login(page, company.email, 'falsch-falsch');
  await expect(page.getByText('E-Mail oder Passwort ist falsch').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, company.email, company.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Erfolgreich angemeldet!')).toBeVisible();
  // Last login is shown as dd.MM.yyyy HH:mm.
  await expect(page.getByText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/).first()).toBeVisible();
});

test('Registrierung zeigt deutsche Fehler und verliert nichts', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Firmenname', { exact: true }).fill('Kurz AG');
  await page.getByLabel('Vorname', { exact: true }).fill('Kurt');
  await page.getByLabel('Nachname', { exact: true }).fill('Kurz');
  await page.getByLabel('E-Mail', { exact: true }).fill('kurt@example.ch');
  await page.getByLabel('Passwort', { exact: true }).fill('123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Kostenlos registrieren' }).click();
  await expect(page.getByText(/mindestens 6 Zeichen/i).first()).toBeVisible();
  await expect(page.getByLabel('Firmenname', { exact: true })).toHaveValue('Kurz AG');
  await expect(page).toHaveURL(/\/register$/);
});
