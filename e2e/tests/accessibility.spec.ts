// Barrierefreiheit (issue 15): axe-core (WCAG 2.0/2.1 A and AA) on every main screen, with data
// present, on desktop and at 390 px. A serious or critical violation fails the test and is listed
// (rule, impact, element, what to fix). One company with a customer, project, time entry, material,
// expense, planned assignment, quote, reports and an invoice is set up once through the API; the
// tests then visit the screens in groups. Set A11Y_REPORT=<file> to collect the counts per screen
// (docs/accessibility.md).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from './diagnostics.js';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_VAR_DIR } from '../playwright.config.js';
import {
  E2E_VAT_NUMBER,
  api,
  createEmployee,
  drawnSignature,
  expectAccessible,
  openNavigation,
  recentWork,
  registerCompany,
  uniqueEmail,
  zurichDate,
} from './support.js';

const OUTBOX = path.resolve(import.meta.dirname, '../..', E2E_VAR_DIR, 'mail-outbox');

/** The acceptance link of the newest mail to `to` in the stack's mail outbox. */
async function acceptanceLinkFor(to: string): Promise<string> {
  let link: string | null = null;
  await expect(async () => {
    const files = (await readdir(OUTBOX)).filter((f) => f.endsWith('.eml'));
    const withTime = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(OUTBOX, f))).mtimeMs })));
    for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
      const raw = (await readFile(path.join(OUTBOX, f), 'utf8')).replace(/=\r?\n/g, '');
      if (!raw.includes(to)) continue;
      const match = /\/quote-acceptance\/[A-Za-z0-9_-]+/.exec(raw);
      if (match) {
        link = match[0];
        return;
      }
    }
    throw new Error(`no mail to ${to} yet`);
  }).toPass({ timeout: 30_000 });
  return link!;
}

/** Waits until loaders and entry animations are done (axe measures colours as they are painted). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(300);
}

/** With A11Y_SCREENSHOTS=<dir>: a full-page screenshot per checked screen, to look at the colours. */
async function check(page: Page, screen: string): Promise<void> {
  await expectAccessible(page, screen);
  const dir = process.env.A11Y_SCREENSHOTS;
  if (dir) {
    const name = `a11y-${test.info().project.name}-${screen.replace(/[^A-Za-z0-9äöüÄÖÜ]+/g, '-')}.png`;
    await page.screenshot({ path: path.join(dir, name), fullPage: true });
  }
}

/** Opens `url`, waits for `ready` in the main area and checks the screen. */
async function visit(page: Page, url: string, screen: string, ready: string | RegExp): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('main').getByText(ready).first()).toBeVisible({ timeout: 60_000 });
  await settle(page);
  await check(page, screen);
}

/** Checks the open dialog `name`, then closes it with Escape. */
async function checkDialog(page: Page, screen: string): Promise<void> {
  await expect(page.getByRole('dialog').first()).toBeVisible({ timeout: 30_000 });
  await settle(page);
  await check(page, screen);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const data = {
  customerName: `Bäckerei Frei ${randomUUID().slice(0, 4)}`,
  customerEmail: uniqueEmail('kunde'),
  projectTitle: 'Backstube Elektro',
  materialName: 'Kabel NYM 3x1.5',
  expense: 'Zugbillett Bern–Thun',
  quoteTitle: 'Elektroinstallation Backstube',
  reportTitle: 'Backstube November',
  employee: 'Luca Meier',
  invoiceNumber: '',
  acceptancePath: '',
  signaturePath: '',
};

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = test.info().project.use;
  context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
    baseURL,
    serviceWorkers: 'block',
  });
  page = await context.newPage();
  await registerCompany(page, { firstName: 'Anna', lastName: 'Brunner' });
  const profile = await api<Record<string, unknown>>(page, 'GET', '/api/companies/profile');
  await api(page, 'PUT', '/api/companies/profile', {
    name: profile.name,
    email: profile.email,
    street: 'Werkstrasse',
    house_number: '12',
    zip: '8000',
    city: 'Zürich',
    country: 'CH',
  });
  await api(page, 'PUT', '/api/companies/settings', {
    company_iban: 'CH4431999123000889012',
    vat_number: E2E_VAT_NUMBER,
    default_hourly_rate: 95,
  });
  const employee = await api<{ id: string }>(page, 'POST', '/api/users', {
    firstName: 'Luca',
    lastName: 'Meier',
    email: uniqueEmail('luca'),
    password: 'Baustelle1',
    role: 'employee',
  });
  await createEmployee(page, 'Sara', 'Keller');
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: data.customerName,
    email: data.customerEmail,
    address: 'Bahnhofstrasse 5',
    zip: '3600',
    city: 'Thun',
  });
  const project = await api<{ id: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: data.projectTitle,
    status: 'in_progress',
  });
  const second = await api<{ id: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Laden Beleuchtung',
    status: 'in_progress',
  });
  for (const [i, p] of [project, second].entries()) {
    await api(page, 'POST', '/api/time-entries', {
      projectId: p.id,
      ...recentWork(i, 2),
      breakMinutes: 0,
      description: 'Leitungen verlegt',
    });
  }
  const material = await api<{ id: string }>(page, 'POST', '/api/materials', {
    name: data.materialName,
    unit: 'm',
    unitPrice: 2.35,
    stockQuantity: 200,
  });
  const usage = await api<{ id: string }>(page, 'POST', '/api/materials/usage', {
    projectId: project.id,
    materialId: material.id,
    quantity: 12,
    usageDate: zurichDate(new Date()),
  });
  await api(page, 'POST', `/api/materials/usage/${usage.id}/approve`);
  await api(page, 'POST', '/api/expenses', {
    category: 'transport',
    description: data.expense,
    amount: '42.50',
    expenseDate: zurichDate(new Date()),
    projectId: project.id,
  });
  await api(page, 'POST', '/api/schedule/assignments', {
    userId: employee.id,
    projectId: project.id,
    workDate: zurichDate(new Date()),
    startTime: '07:30',
    endTime: '12:00',
    note: 'Schlüssel beim Hauswart',
  });

  // A sent quote: its acceptance link comes by e-mail.
  const quote = await api<{ id: string }>(page, 'POST', '/api/quotes', {
    customerId: customer.id,
    title: data.quoteTitle,
    validUntil: zurichDate(new Date(Date.now() + 30 * 86_400_000)),
    items: [
      { type: 'material', title: data.materialName, quantity: 25, unit: 'm', unitPrice: 2.35, materialId: material.id },
      { type: 'labor', title: 'Montage Elektriker', quantity: 6, unit: 'h', unitPrice: 95 },
    ],
  });
  await api(page, 'POST', `/api/quotes/${quote.id}/send`);
  data.acceptancePath = await acceptanceLinkFor(data.customerEmail);

  // A report signed on the office's device becomes an invoice; a second one waits for its signature.
  const period = {
    periodStart: zurichDate(new Date(Date.now() - 2 * 86_400_000)),
    periodEnd: zurichDate(new Date()),
  };
  const signed = await api<{ id: string }>(page, 'POST', '/api/reports/generate', {
    projectId: project.id,
    title: data.reportTitle,
    ...period,
  });
  await api(page, 'POST', `/api/reports/${signed.id}/signature`, {
    signerName: 'Erika Frei',
    signerEmail: uniqueEmail('erika'),
    signatureData: await drawnSignature(page),
  });
  const invoice = await api<{ invoiceNumber: string }>(page, 'POST', `/api/reports/${signed.id}/create-invoice`);
  data.invoiceNumber = invoice.invoiceNumber;
  const open = await api<{ id: string }>(page, 'POST', '/api/reports/generate', {
    projectId: second.id,
    title: 'Laden Dezember',
    ...period,
  });
  const prepared = await api<{ signatureToken: string }>(page, 'POST', `/api/reports/${open.id}/prepare-signature`);
  data.signaturePath = `/signature/${prepared.signatureToken}`;
});

test.afterAll(async () => {
  await context?.close();
});

test('Öffentliche Seiten, Login und Registrierung mit Fehlermeldung', async ({ browser, baseURL }) => {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale } = test.info().project.use;
  const guest = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, locale, baseURL });
  const p = await guest.newPage();
  for (const [url, screen] of [
    ['/', 'Landing'],
    ['/pricing', 'Preise'],
    ['/about', 'Über uns'],
  ] as const) {
    await p.goto(url);
    await expect(p.getByRole('heading').first()).toBeVisible();
    await settle(p);
    await check(p, screen);
  }
  await p.goto('/login');
  await expect(p.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible({ timeout: 30_000 });
  await settle(p);
  await check(p, 'Login');
  // A wrong password: the error message as the user sees it.
  await p.getByLabel('E-Mail', { exact: true }).fill('niemand@example.ch');
  await p.getByLabel('Passwort', { exact: true }).fill('Falsch1234');
  await p.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(p.getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
  await settle(p);
  await check(p, 'Login mit Fehler');
  await p.goto('/register');
  await expect(p.getByLabel('Firmenname', { exact: true })).toBeVisible({ timeout: 30_000 });
  await settle(p);
  await check(p, 'Registrierung');
  // Validation errors under the fields.
  await p.getByLabel('E-Mail', { exact: true }).fill('kein-mail');
  await p.getByLabel('Passwort', { exact: true }).fill('kurz');
  await p.getByRole('checkbox').check();
  await p.getByRole('button', { name: 'Kostenlos registrieren' }).click();
  await expect(p.getByRole('alert').first()).toBeVisible();
  await settle(p);
  await check(p, 'Registrierung mit Fehlern');
  await guest.close();
});

test('Öffentliche Token-Seiten: Angebotsannahme und Rapport-Unterschrift', async ({ browser, baseURL }) => {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale } = test.info().project.use;
  const customer = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, locale, baseURL });
  const p = await customer.newPage();
  await p.goto(data.acceptancePath);
  await expect(p.getByText(data.quoteTitle).first()).toBeVisible({ timeout: 60_000 });
  await settle(p);
  await check(p, 'Angebotsannahme');
  await p.getByRole('button', { name: 'Angebot annehmen' }).click();
  await expect(p.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
  await settle(p);
  await check(p, 'Angebotsannahme mit Fehler');

  await p.goto(data.signaturePath);
  await expect(p.getByRole('heading', { name: 'Laden Dezember' })).toBeVisible({ timeout: 60_000 });
  await settle(p);
  await check(p, 'Rapport-Unterschrift');
  await customer.close();
});

test('Dashboard, Kunden, Projekte, Zeiterfassung, Material, Spesen, Einsatzplanung', async () => {
  test.setTimeout(120_000);
  await visit(page, '/dashboard', 'Dashboard', /Anna|Brunner|Willkommen/);
  if (test.info().project.name === 'phone') {
    await openNavigation(page);
    await expect(page.getByRole('complementary', { name: 'Hauptnavigation' }).getByRole('link').first()).toBeVisible();
    await settle(page);
    await check(page, 'Navigation (Drawer offen)');
    await page.keyboard.press('Escape');
  }
  await visit(page, '/customers', 'Kunden', data.customerName);
  // The new-customer form, sent empty: the validation errors.
  await page.getByRole('main').getByRole('button', { name: 'Neuer Kunde' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Speichern|Erstellen/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await checkDialog(page, 'Kunden: Formular mit Fehler');
  await visit(page, '/projects', 'Projekte', data.projectTitle);
  await visit(page, '/time-tracking', 'Zeiterfassung', 'Leitungen verlegt');
  await visit(page, '/materials', 'Material', data.materialName);
  await visit(page, '/expenses', 'Spesen', data.expense);
  await visit(page, '/scheduling', 'Einsatzplanung', data.projectTitle);
  await visit(page, '/working-time', 'Arbeitszeit', 'Soll, Ist, Absenzen und Saldo pro Monat');
});

test('Angebote, Rapporte und Rechnungen mit Detailansicht', async () => {
  test.setTimeout(120_000);
  await visit(page, '/quotes', 'Angebote', data.quoteTitle);
  await page.getByRole('main').getByText(data.quoteTitle).first().click();
  await checkDialog(page, 'Angebot: Detail');
  await visit(page, '/reports', 'Rapporte', data.reportTitle);
  await page.getByRole('main').getByText(data.reportTitle).first().click();
  await checkDialog(page, 'Rapport: Detail');
  await visit(page, '/invoices', 'Rechnungen', data.invoiceNumber);
  await page.getByRole('main').getByText(data.invoiceNumber, { exact: true }).first().click();
  await checkDialog(page, 'Rechnung: Detail');
  await visit(page, '/accounting', 'Buchhaltung', 'Bereits exportierte Buchungen einschliessen');
});

test('Benutzer, Einstellungen, Profil', async () => {
  test.setTimeout(120_000);
  await visit(page, '/users', 'Benutzer', data.employee);
  await visit(page, '/settings', 'Einstellungen', 'Einstellungen');
  await visit(page, '/settings?tab=system', 'Einstellungen (System, Arbeitszeit, Feiertage)', /Feiertage \d{4}/);
  await visit(page, '/settings?tab=billing', 'Einstellungen (Rechnungsangaben)', 'Rechnungsangaben');
  await visit(page, '/settings?tab=payments', 'Einstellungen (Abonnement)', /Testphase/);
  await visit(page, '/profile', 'Profil', 'Mein Profil');
});
