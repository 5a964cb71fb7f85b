// Issue 28: a newcomer's path through the demo, from a fresh database. The demo data (npm start /
// npm run seed: scripts/lib/demo-data.mjs) is seeded through the API as the seed does it; then:
// Live-Demo → a signed Rapport → its invoice → its QR PDF → the demo's bank file (written beside the
// README, docs/demo/demo-camt054.xml) → the invoice is paid. And a French office user reads the
// dashboard's activity feed and its toast in French. Both projects (desktop, phone) run the path on
// one stack and one demo company: the bank file pays its invoice once, so the run that comes first
// imports it and sees the invoice paid; the later one imports the same file again and sees that it
// books nothing («Bereits importiert»), the invoice staying paid.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
/* eslint-disable @nx/enforce-module-boundaries -- the demo data is seeded by the same code as npm start's */
import { DEMO_CAMT_FILE, seedDemoData } from '../../scripts/lib/demo-data.mjs';
/* eslint-enable @nx/enforce-module-boundaries */
import { api, login, logout } from './support.js';

const LADEN_REPORT = 'Rapport LED-Umrüstung Verkaufsladen';
/** The stack's billing worker (global-setup): the seed runs the daily overdue rule there. */
const SEED_OPTIONS = { queue: JSON.parse(process.env.E2E_MAINTENANCE_QUEUE ?? 'null') ?? undefined };

/** The invoice's row (list) or card (phones) in the main area. */
function invoiceEntry(page: Page, number: string) {
  return page.getByRole('main').locator('tr, .ant-card').filter({ hasText: number }).last();
}

test.describe.configure({ mode: 'serial' });

test('Demo: Rapport → Rechnung → QR-PDF → Bankdatei der Demo → bezahlt', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const seeded = await seedDemoData(baseURL!, SEED_OPTIONS);
  test.info().annotations.push({ type: 'seed', description: seeded.summary });

  await page.goto('/');
  await page
    .getByRole('button', { name: 'Live-Demo ansehen' })
    .or(page.getByRole('link', { name: 'Live-Demo ansehen' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The signed Rapport (with its photo) and the button to its invoice.
  await page.goto('/reports');
  await page.getByRole('main').getByText(LADEN_REPORT).first().click();
  const report = page.getByRole('dialog').filter({ hasText: LADEN_REPORT });
  await expect(report.getByText('Unterschrieben').first()).toBeVisible({ timeout: 30_000 });
  await expect(report.getByText('Thomas Huber').first()).toBeVisible();
  await report.getByRole('button', { name: 'Rechnung anzeigen' }).click();

  // The invoice: sent, reminded (1. Mahnung with its fee), a credit note; its PDF carries the QR bill.
  const detail = page.getByRole('dialog').filter({ hasText: /Rechnung RE-\d{4}-\d{4}/ });
  await expect(detail).toBeVisible({ timeout: 30_000 });
  const number = /RE-\d{4}-\d{4}/.exec((await detail.textContent()) ?? '')![0];
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await detail.getByRole('button', { name: /PDF$/ }).click();
  const pdfPath = (await (await download).path())!;
  expect((await readFile(pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  expect(text).toContain('Zahlteil');
  expect(text).toContain('CH44 3199 9123 0008 8901 2');
  await detail.locator('.ant-modal-footer').getByRole('button', { name: 'Schliessen' }).click();
  await expect(invoiceEntry(page, number)).toContainText('1. Mahnung');
  // Paid already when the other project ran the path first on this stack.
  await expect(invoiceEntry(page, number)).toContainText(/Überfällig|Bezahlt/);
  const paidEarlier = /Bezahlt/.test((await invoiceEntry(page, number).textContent()) ?? '');

  // The dashboard's chart «invoiced vs paid» before the import (this month's paid amount).
  type Charts = { months: { month: string; paid: number }[] };
  const paidThisMonth = async () => (await api<Charts>(page, 'GET', '/api/invoices/charts')).months.at(-1)!.paid;
  const paidBefore = await paidThisMonth();

  // The demo's bank file pays what is open.
  await page.getByRole('button', { name: /Bankdatei importieren/ }).click();
  const importDialog = page.getByRole('dialog').filter({ hasText: 'Bankdatei importieren' });
  await importDialog.locator('input[type="file"]').setInputFiles(DEMO_CAMT_FILE);
  if (paidEarlier) {
    // The same file a second time: nothing is booked again.
    await expect(importDialog.getByText('Bereits importiert (1)')).toBeVisible({ timeout: 30_000 });
    await expect(importDialog.getByRole('heading', { name: 'Zugeordnet (0)', exact: true })).toBeVisible();
  } else {
    await expect(importDialog.getByText('Zugeordnet (1)')).toBeVisible({ timeout: 30_000 });
    await expect(importDialog.getByText(number)).toBeVisible();
  }
  await importDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Schliessen' }).click();
  await expect(invoiceEntry(page, number)).toContainText('Bezahlt');

  // The charts move: this month's paid bar grows by the payment (not again on the second import),
  // and the dashboard shows it.
  const paidAfter = await paidThisMonth();
  if (paidEarlier) expect(paidAfter).toBe(paidBefore);
  else expect(paidAfter).toBeGreaterThan(paidBefore);
  await page.goto('/dashboard');
  // The charts load when their place (below the first screen) comes near.
  await page.locator('.dashboard-charts').scrollIntoViewIfNeeded();
  const chart = page.locator('.ant-card').filter({ hasText: 'Verrechnet und bezahlt pro Monat' });
  await expect(chart.getByRole('img', { name: 'Verrechnet und bezahlt pro Monat' })).toBeVisible({ timeout: 30_000 });
  await chart.getByRole('button', { name: 'Als Tabelle anzeigen' }).click();
  const paidText = `CHF ${paidAfter.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, "'")}`;
  await expect(chart.getByRole('table').locator('tbody tr').last()).toContainText(paidText);
  await expect(page.locator('.ant-card').filter({ hasText: 'Offene Forderungen nach Alter' })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: 'Stunden pro Woche nach Projekt' })).toBeVisible();
});

test('Demo auf Französisch: Aktivitäten und Toast des Dashboards ohne Deutsch', async ({ page, baseURL }) => {
  await seedDemoData(baseURL!, SEED_OPTIONS);
  // A user of their own per project (they run at the same time on one stack): the office, an electrician.
  const email = test.info().project.name === 'desktop' ? 'buero@zunft.ch' : 'sara.keller@zunft.ch';
  await login(page, email, 'Demo1234!');
  await expect(page).toHaveURL(/\/dashboard$/);
  const { user: me } = await api<{ user: { firstName: string; lastName: string; email: string } }>(
    page,
    'GET',
    '/api/auth/profile',
  );
  const speak = (language: string) =>
    api(page, 'PUT', '/api/auth/profile', {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      language,
    });
  await speak('fr');
  try {
    await logout(page);
    await login(page, email, 'Demo1234!');
    await expect(page.getByText('Connexion réussie !')).toBeVisible();
    const feed = page.locator('.ant-card').filter({ hasText: 'Activités récentes' });
    await expect(
      feed.getByText(/^(Facture RE-\d{4}-\d{4} (créée|envoyée|payée)|[\d.]+ h saisies sur «)/).first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await expect(page.getByText('Données actualisées')).toBeVisible();
    // The charts in French, on this project's screen (390 px on the phone project): looked at by hand.
    const hoursChart = page
      .locator('.ant-card')
      .filter({ hasText: /Heures par semaine et par projet|Mes heures par semaine/ });
    await page.locator('.dashboard-charts').scrollIntoViewIfNeeded();
    await expect(hoursChart.getByRole('img')).toBeVisible({ timeout: 30_000 });
    await hoursChart.scrollIntoViewIfNeeded();
    await hoursChart.screenshot({ path: test.info().outputPath('dashboard-charts-fr.png') });
    const shown = (await page.getByRole('main').textContent()) ?? '';
    expect(shown).not.toMatch(/Rechnung|erstellt|versendet|bezahlt|erfasst|hinzugefügt|Aktivitäten/);
  } finally {
    await speak('de');
  }
});
