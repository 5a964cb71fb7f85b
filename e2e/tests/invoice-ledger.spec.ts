// Kontoauszug (issue 22): the office sends an invoice, records a part payment, reverses it, creates a
// credit note, and the invoice's ledger in the detail adds up after each step (desktop table and phone
// cards alike).
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test } from './diagnostics.js';
import type { Locator, Page } from '@playwright/test';
import { api, registerCompany, uniqueEmail } from './support.js';

/** The SIX example QR-IBAN. */
const QR_IBAN = 'CH4431999123000889012';

interface Ledger {
  entries: Array<{ type: string; amount: number }>;
  open_amount: number;
  paid_amount: number;
}

/** The Kontoauszug's entries as the screen shows them: type, signed amount, open after it. */
async function ledgerRows(detail: Locator): Promise<string[]> {
  return detail
    .locator('[data-entry-type]')
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

async function expectLedger(detail: Locator, expected: RegExp[]): Promise<void> {
  await expect(async () => {
    const rows = await ledgerRows(detail);
    expect(rows).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(rows[i]).toMatch(pattern));
  }).toPass({ timeout: 15_000 });
}

async function confirm(page: Page, button: string): Promise<void> {
  await page.getByRole('tooltip').getByRole('button', { name: button }).click();
}

test('Kontoauszug: senden, Teilzahlung, Zahlung stornieren, Gutschrift – der offene Betrag stimmt nach jedem Schritt', async ({
  page,
}) => {
  test.setTimeout(180_000);
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
    company_iban: QR_IBAN,
    vat_number: 'CHE-116.281.710 MWST',
    vat_rate: 8.1,
  });
  const customerName = `Schreinerei Graf ${randomUUID().slice(0, 4)}`;
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: customerName,
    email: uniqueEmail('kunde'),
    address: 'Seestrasse 7',
    zip: '6004',
    city: 'Luzern',
  });
  // 10 h × 100.00 = 1'000.00 + 8.1 % MWST 81.00 = 1'081.00 (no rounding: already a multiple of 0.05).
  const created = await api<{ id: string; invoice_number: string; total_amount: number }>(
    page,
    'POST',
    '/api/invoices',
    {
      customerId: customer.id,
      items: [{ type: 'labor', title: 'Einbauschrank montiert', quantity: 10, unit: 'h', unitPrice: 100 }],
    },
  );
  expect(created.total_amount).toBe(1081);
  const number = created.invoice_number;

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('main').getByText(number, { exact: true }).first().click();
  const detail = page.getByRole('dialog').filter({ hasText: `Rechnung ${number}` });
  await expect(detail.getByText('Einbauschrank montiert').first()).toBeVisible();
  // A draft never issued has no Kontoauszug yet.
  await expect(detail.getByText('Kontoauszug')).toHaveCount(0);

  // Send: the invoice is issued and booked.
  await detail.getByRole('button', { name: 'Senden' }).click();
  await confirm(page, 'Senden');
  await expect(page.getByText(`Rechnung wurde an ${customerName} gesendet`).first()).toBeVisible({ timeout: 60_000 });
  await expect(detail.getByText('Kontoauszug')).toBeVisible();
  await expectLedger(detail, [/Rechnung.*\+1'081\.00.*1'081\.00/]);

  // A part payment of 400.00: 1'081.00 − 400.00 = 681.00 open.
  const amount = detail.getByRole('spinbutton', { name: 'Betrag' });
  await expect(amount).toHaveValue('1081.00');
  await amount.fill('400');
  await detail.getByRole('button', { name: /Zahlung erfassen/ }).click();
  await expect(page.getByText('Zahlung von CHF 400.00 erfasst').first()).toBeVisible({ timeout: 30_000 });
  await expectLedger(detail, [/Rechnung.*\+1'081\.00.*1'081\.00/, /Zahlung.*−400\.00.*681\.00/]);
  await expect(detail.locator('[data-amount="open"]')).toContainText('CHF 681.00');
  await expect(detail.locator('[data-amount="paid"]')).toContainText('CHF 400.00');

  // Reverse it: a payment_reversal of +400.00 brings the open amount back to 1'081.00; the payment stays listed.
  await detail.getByRole('button', { name: /Zahlung stornieren/ }).click();
  await expect(page.getByRole('tooltip')).toContainText('Zahlung von CHF 400.00');
  await confirm(page, 'Zahlung stornieren');
  await expect(page.getByText('Zahlung von CHF 400.00 storniert').first()).toBeVisible({ timeout: 30_000 });
  await expectLedger(detail, [
    /Rechnung.*\+1'081\.00.*1'081\.00/,
    /Zahlung.*−400\.00.*681\.00/,
    /Zahlungsstorno.*\+400\.00.*1'081\.00/,
  ]);
  await expect(detail.locator('[data-amount="open"]')).toContainText("CHF 1'081.00");
  await expect(detail.getByText(/Storniert am \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expect(detail.getByRole('button', { name: /Zahlung stornieren/ })).toHaveCount(0);

  // A credit note of 108.10 incl. 8.1 % VAT (net 100.00, VAT 8.10): 1'081.00 − 108.10 = 972.90 open.
  await detail.getByRole('button', { name: /Gutschrift erstellen/ }).click();
  const creditNote = page.getByRole('dialog').filter({ hasText: `Gutschrift zu Rechnung ${number}` });
  await creditNote.getByRole('textbox', { name: 'Grund' }).fill('Kratzer an der Front');
  await creditNote.getByRole('spinbutton', { name: 'Betrag inkl. MWST' }).fill('108.10');
  await page.screenshot({ path: test.info().outputPath('gutschrift-dialog.png') });
  await creditNote.locator('.ant-modal-footer').getByRole('button', { name: 'Gutschrift erstellen' }).click();
  await expect(page.getByText(/Gutschrift GS-\d{4}-0001 über CHF 108\.10 erstellt/).first()).toBeVisible({
    timeout: 60_000,
  });
  await expectLedger(detail, [
    /Rechnung.*\+1'081\.00.*1'081\.00/,
    /Zahlung.*−400\.00.*681\.00/,
    /Zahlungsstorno.*\+400\.00.*1'081\.00/,
    /Gutschrift.*−108\.10.*972\.90/,
  ]);
  await expect(detail.locator('[data-amount="open"]')).toContainText('CHF 972.90');
  await expect(detail.locator('[data-amount="credited"]')).toContainText('CHF 108.10');
  await expect(detail.getByText('Kratzer an der Front').first()).toBeVisible();
  // Its PDF (no QR bill), named after the credit note.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await detail.getByRole('button', { name: /^PDF GS-\d{4}-0001$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Gutschrift-GS-\d{4}-0001\.pdf$/);
  expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // The server's ledger adds up to what the screen shows.
  const ledger = await api<Ledger>(page, 'GET', `/api/invoices/${created.id}/ledger`);
  expect(ledger.entries.map((e) => [e.type, e.amount])).toEqual([
    ['invoice', 1081],
    ['payment', -400],
    ['payment_reversal', 400],
    ['credit_note', -108.1],
  ]);
  expect(ledger.open_amount).toBe(972.9);
  expect(ledger.paid_amount).toBe(0);

  await detail.getByText('Kontoauszug').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('kontoauszug.png') });
});
