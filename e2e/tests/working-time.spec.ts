// Arbeitszeit (issue 24): an employee requests a day of holiday on a 390 px phone, the office
// approves it, closes the employee's month (entries and absences locked) and downloads the payroll CSV.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './diagnostics.js';
import { createEmployee, login, logout, registerCompany, selectOption, zurichDate } from './support.js';

/** A working day (Monday to Friday) of the current month, today or the next one, else the last before. */
function weekdayThisMonth(): string {
  const today = new Date(`${zurichDate(new Date())}T12:00:00Z`);
  const month = today.getUTCMonth();
  const isWeekday = (d: Date) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5;
  for (let d = new Date(today); d.getUTCMonth() === month; d.setUTCDate(d.getUTCDate() + 1))
    if (isWeekday(d)) return d.toISOString().slice(0, 10);
  for (let d = new Date(today); ; d.setUTCDate(d.getUTCDate() - 1))
    if (isWeekday(d)) return d.toISOString().slice(0, 10);
}

/** Picks a day in an open antd date picker (phones type nothing: the field is read-only there). */
async function pickDay(page: Page, field: ReturnType<Page['getByLabel']>, day: string) {
  await expect(async () => {
    if (!(await page.locator('.ant-picker-dropdown:visible').count())) await field.click({ timeout: 2000 });
    // A cell's title is the day in the field's format (de-CH: 30.11.2026).
    const [y, m, d] = day.split('-');
    await page.locator(`.ant-picker-dropdown:visible td[title="${d}.${m}.${y}"]`).click({ timeout: 2000 });
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    serviceWorkers: 'block',
    baseURL,
  });
  return context.newPage();
}

test('Ferienantrag auf dem Handy, Genehmigung, Monatsabschluss und CSV für die Lohnbuchhaltung', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await registerCompany(page);
  const employee = await createEmployee(page, 'Luca', 'Meier');
  const day = weekdayThisMonth();
  const [year, month] = day.split('-');
  const shownDay = `${day.slice(8, 10)}.${month}.${year}`;

  // The employee, on a 390 px phone: Zeiterfassung → Arbeitszeit → Ferien beantragen.
  const phone = await phonePage(browser, baseURL);
  try {
    await login(phone, employee.email, employee.password);
    await expect(phone).toHaveURL(/\/dashboard$/);
    await phone.goto('/time-tracking');
    await phone
      .getByRole('main')
      .getByRole('link', { name: /Arbeitszeit und Ferien/ })
      .click();
    await expect(phone).toHaveURL(/\/working-time$/);
    await expect(phone.getByRole('heading', { name: 'Arbeitszeit' }).first()).toBeVisible();
    await expect(phone.getByRole('group', { name: 'Soll' })).toBeVisible();
    await phone
      .getByRole('main')
      .getByRole('button', { name: /Ferien beantragen/ })
      .first()
      .click();
    const dialog = phone.getByRole('dialog');
    await pickDay(phone, dialog.getByLabel(/^Von/), day);
    await pickDay(phone, dialog.getByLabel(/^Bis/), day);
    await dialog.getByLabel(/^Bemerkung/).fill('Umzug');
    await dialog.getByRole('button', { name: 'Beantragen' }).click();
    await expect(phone.getByText('Ferienantrag gesendet!').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const request = phone.getByRole('main').locator('li').filter({ hasText: shownDay });
    await expect(request).toContainText('Beantragt');
    await expect(request).toContainText('1 Arbeitstag');
  } finally {
    await phone.context().close();
  }

  // The office approves the request, closes Luca's month and downloads the CSV.
  await logout(page);
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/working-time');
  // the office was told of the request: the bell in the top bar counts it and names it
  const bell = page.getByRole('button', { name: 'Benachrichtigungen: 1' });
  await bell.click();
  await expect(page.locator('.ant-popover:visible')).toContainText(`Luca Meier beantragt Ferien: ${shownDay}`);
  await page.getByRole('button', { name: 'Benachrichtigungen: 0' }).click(); // read now; closes it
  await expect(page.locator('.ant-popover:visible')).toHaveCount(0);
  const main = page.getByRole('main');
  const pending = main.locator('.ant-card').filter({ hasText: '1 Antrag offen' });
  await expect(pending).toContainText('Luca Meier');
  await expect(pending).toContainText('Umzug');
  await pending.getByRole('button', { name: /Genehmigen/ }).click();
  await expect(page.getByText('Antrag genehmigt!').first()).toBeVisible();
  await expect(pending).toBeHidden();

  await selectOption(page, main.getByLabel('Mitarbeiter/in', { exact: true }), 'Luca Meier');
  await expect(main.getByRole('heading', { name: /^Luca Meier · / })).toBeVisible();
  const approved = main.locator('li').filter({ hasText: shownDay });
  await expect(approved).toContainText('Genehmigt');
  await expect(page.getByRole('group', { name: 'Ferien bezogen' })).toContainText('1 Tag');

  await main.getByRole('button', { name: /Monat abschliessen/ }).click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /Monat abschliessen/ })
    .click();
  await expect(page.getByText('Monat abgeschlossen!').first()).toBeVisible();
  await expect(main.getByText('Abgeschlossen', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: /Monat abschliessen/ })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: /CSV für die Lohnbuchhaltung/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`arbeitszeit-${year}-${month}.csv`);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toContain('Luca Meier');
  expect(csv.split(/\r?\n/).filter((line) => line.includes('Luca Meier'))).toHaveLength(1);
});
