// Issue 3 (so far): the office creates a customer and a project and assigns an employee; the
// employee starts and stops the timer, records a Sunday entry with the 50 % surcharge; the
// dashboard counts what happened.
import { expect, test } from './diagnostics.js';
import type { Locator, Page } from '@playwright/test';
import { api, createEmployee, login, logout, registerCompany, selectOption, uniqueEmail } from './support.js';

/** The last Sunday before today (a past date, so the entry is allowed and lands in the list). */
function lastSunday(): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - (d.getDay() === 0 ? 7 : d.getDay()));
  return d;
}

/**
 * Picks a date and an hour the way a user does: on a phone the input is read-only (no keyboard
 * popping up), so both viewports use the picker panel: day cell, hour, minute 00, OK.
 */
async function pickDateTime(page: Page, input: Locator, day: Date, hour: number): Promise<void> {
  await input.click();
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel.locator('td.ant-picker-cell-in-view').first()).toBeVisible();
  // An empty picker opens on the current month.
  if (day.getMonth() !== new Date().getMonth()) await panel.locator('.ant-picker-header-prev-btn').click();
  const cell = panel.locator('td.ant-picker-cell-in-view').filter({ hasText: new RegExp(`^${day.getDate()}$`) });
  // The panel is still animating in right after opening; click until the day shows as selected.
  await expect(async () => {
    await cell.click({ timeout: 2000 });
    await expect(cell).toHaveClass(/ant-picker-cell-selected/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const columns = panel.locator('.ant-picker-time-panel-column');
  await columns
    .nth(0)
    .locator('.ant-picker-time-panel-cell-inner', { hasText: new RegExp(`^${String(hour).padStart(2, '0')}$`) })
    .click();
  await columns.nth(1).locator('.ant-picker-time-panel-cell-inner', { hasText: /^00$/ }).click();
  await panel.getByRole('button', { name: 'OK' }).click();
  await expect(panel).toHaveCount(0);
  // A click that landed while the hour column was still scrolling would leave another hour: say so here.
  const dd = String(day.getDate()).padStart(2, '0');
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  await expect(input).toHaveValue(`${dd}.${mm}.${day.getFullYear()} ${String(hour).padStart(2, '0')}:00`);
}

/** The value of a dashboard stat card (a group named by its label). */
function statValue(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label, exact: true });
}

test('Kunde, Projekt, Zuweisung, Timer, Sonntagszuschlag und Dashboard', async ({ page }) => {
  const admin = await registerCompany(page);
  const employee = await createEmployee(page);

  // A new company starts with empty counts.
  await page.goto('/dashboard');
  await expect(statValue(page, 'Projekte total')).toContainText(/^Projekte total0/);
  await expect(statValue(page, 'Kunden')).toContainText(/^Kunden0/);
  await expect(statValue(page, 'Stunden diesen Monat')).toContainText('0 Zeiteinträge');

  // The office (backoffice role): customer, project, assignment.
  const office = { email: uniqueEmail('buero'), password: 'Buero1234' };
  await api(page, 'POST', '/api/users', {
    firstName: 'Beat',
    lastName: 'Büro',
    email: office.email,
    password: office.password,
    role: 'backoffice',
  });
  await logout(page);
  await login(page, office.email, office.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/customers?action=create');
  // The remote pages' antd styles (Form, Table, …: the part the dashboard does not load) are there
  // before the page shows: a form label is laid out by antd's form styles, not the browser's default.
  await expect(page.locator('label[for]', { hasText: 'Firmenname / Name' })).toHaveCSS('display', 'inline-flex');
  await page.getByLabel('Firmenname / Name').fill('Bäckerei Huber AG');
  await page.getByLabel('Ort', { exact: true }).fill('Bern');
  await page.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText('Kunde erfolgreich erstellt!').first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Bäckerei Huber AG').first()).toBeVisible();

  await page.goto('/projects?action=create');
  await selectOption(page, page.getByLabel('Kunde', { exact: true }), 'Bäckerei Huber AG (Bern)');
  await page.getByLabel('Titel').fill('Badsanierung 2. OG');
  await page.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText('Projekt erfolgreich erstellt!').first()).toBeVisible();

  // Assign the employee in the project's detail view.
  await page.getByRole('main').getByText('Badsanierung 2. OG').first().click();
  await selectOption(page, page.getByLabel('Mitarbeiter zuweisen'), employee.name);
  await page.getByRole('button', { name: /Zuweisen/ }).click();
  await expect(page.getByText('Mitarbeiter zugewiesen').first()).toBeVisible();
  // The detail is a full-screen drawer on phones; leave it by navigating, as a user may.
  await page.goto('/dashboard');

  // Employee: one tap to start, one to stop.
  await logout(page);
  await login(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/time-tracking');
  await selectOption(page, page.getByRole('combobox', { name: 'Projekt', exact: true }).first(), /Badsanierung 2. OG/);
  await page.getByRole('button', { name: /Starten/ }).click();
  await expect(page.getByText('Timer gestartet!').first()).toBeVisible();
  await expect(page.getByText('Timer läuft').first()).toBeVisible();
  // The clock ticks every second.
  const clock = page.getByText(/^\d{2}:\d{2}:\d{2}$/).first();
  const before = await clock.textContent();
  await expect(clock).not.toHaveText(before!, { timeout: 5000 });
  await page.getByRole('button', { name: /Stopp/ }).click();
  await page.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page.getByText('Timer gestoppt!').first()).toBeVisible();
  await expect(page.getByText('Timer läuft')).toHaveCount(0);

  // Manual entry on a Sunday: the preview and the saved entry carry the 50 % surcharge.
  await page.getByText('Manuell', { exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Projekt' }).click();
  await page
    .getByTitle(/Badsanierung 2. OG/)
    .last()
    .click();
  const sunday = lastSunday();
  await pickDateTime(page, dialog.getByLabel('Start', { exact: true }), sunday, 8);
  await pickDateTime(page, dialog.getByLabel('Ende', { exact: true }), sunday, 12);
  await expect(dialog.getByText('Sonntagszuschlag')).toBeVisible();
  await expect(dialog.getByText('+50 %')).toBeVisible();
  // The answer is checked first, so a failure names the server's status and text, not a missing toast.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/time-entries',
  );
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(page.getByText('Zeiteintrag erstellt!').first()).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(sunday.toLocaleDateString('de-CH', { day: '2-digit', month: '2-digit', year: 'numeric' }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(/50 %/).first()).toBeVisible();

  // The admin's dashboard counts the project, the customer, the entries and the activity.
  await logout(page);
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(statValue(page, 'Projekte total')).toContainText(/^Projekte total1/);
  // The timer entry is from today; the Sunday entry counts too when last Sunday is in this month.
  await expect(statValue(page, 'Stunden diesen Monat')).toContainText(/[12] Zeiteintr/);
  await expect(statValue(page, 'Kunden')).toContainText(/^Kunden1/);
  await expect(statValue(page, 'Kunden')).toContainText('1 neu diesen Monat');
  await expect(page.getByText('Keine Aktivitäten')).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByText(/Badsanierung 2. OG/)
      .first(),
  ).toBeVisible();
});
