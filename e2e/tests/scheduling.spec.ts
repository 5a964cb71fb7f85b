// Einsatzplanung: the office plans an employee on a project (with a time window), a second
// whole-day assignment on the same day shows as a conflict; the employee sees their own week.
import { expect, test } from './diagnostics.js';
import { api, createEmployee, login, logout, registerCompany, selectOption } from './support.js';

test('Büro plant einen Einsatz, Konflikt sichtbar, Mitarbeiter sieht seine Woche', async ({ page }) => {
  await registerCompany(page);
  const employee = await createEmployee(page, 'Sara', 'Keller');
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', { name: 'Gemeinde Muri', city: 'Muri' });
  await api(page, 'POST', '/api/projects', { customerId: customer.id, title: 'Schulhaus Elektro', status: 'planned' });
  await api(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Turnhalle Licht',
    status: 'in_progress',
  });

  await page.goto('/scheduling');
  await expect(page.getByRole('heading', { name: 'Einsatzplanung' })).toBeVisible();
  await expect(page.getByText(/^KW \d+ · /)).toBeVisible();

  // First assignment: 07:30–12:00 on Schulhaus Elektro.
  await page.getByRole('main').getByRole('button', { name: 'Einsatz planen', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await selectOption(page, dialog.getByLabel('Mitarbeiter', { exact: true }), 'Sara Keller');
  await selectOption(page, dialog.getByLabel('Projekt', { exact: true }), /Schulhaus Elektro/);
  await dialog.getByLabel('Von', { exact: true }).fill('07:30');
  await dialog.getByLabel('Bis', { exact: true }).fill('12:00');
  await dialog.getByLabel('Notiz', { exact: true }).fill('Schlüssel beim Hauswart');
  await dialog.getByRole('button', { name: 'Einsatz planen' }).click();
  await expect(page.getByText('Einsatz geplant').first()).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/Schulhaus Elektro/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText('07:30–12:00').first()).toBeVisible();

  // Second assignment the same day for the whole day: saved, but flagged as a conflict.
  await page.getByRole('main').getByRole('button', { name: 'Einsatz planen', exact: true }).click();
  await selectOption(page, dialog.getByLabel('Mitarbeiter', { exact: true }), 'Sara Keller');
  await selectOption(page, dialog.getByLabel('Projekt', { exact: true }), /Turnhalle Licht/);
  await dialog.getByRole('button', { name: 'Einsatz planen' }).click();
  await expect(page.getByText('Achtung: Überschneidung mit einem anderen Einsatz').first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Konflikt').first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Ganzer Tag').first()).toBeVisible();

  // The employee sees their own week (and was added to the project, so can track time on it).
  await logout(page);
  await login(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/scheduling');
  await expect(page.getByText('Mein Wochenplan').first()).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/Schulhaus Elektro/)
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/Turnhalle Licht/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Einsatz planen', exact: true })).toHaveCount(0);
  await page.goto('/time-tracking');
  await page.getByRole('combobox', { name: 'Projekt', exact: true }).first().click();
  await expect(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /Schulhaus Elektro/ }),
  ).toHaveCount(1);
});
