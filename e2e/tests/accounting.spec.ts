// Buchhaltung (issue 26): the office issues an invoice, sees its bookings in the journal, exports
// them for Banana (the file parses back to the same bookings and the next export skips them), reads
// the open items and the VAT figures, and changes the debtor account in the mapping.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test } from './diagnostics.js';
import { api, registerCompany, uniqueEmail } from './support.js';

test('Buchhaltung: Journal, Banana-Export, offene Posten, MWST und Kontenzuordnung', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  await registerCompany(page);
  await api(page, 'PUT', '/api/companies/settings', { vat_number: 'CHE-116.281.710 MWST', vat_rate: 8.1 });
  const customerName = `Malerei Frei ${randomUUID().slice(0, 4)}`;
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: customerName,
    email: uniqueEmail('kunde'),
    address: 'Seestrasse 7',
    zip: '6004',
    city: 'Luzern',
  });
  // 10 h × 100.00 = 1'000.00 + 8.1 % = 1'081.00
  const invoice = await api<{ id: string; invoice_number: string }>(page, 'POST', '/api/invoices', {
    customerId: customer.id,
    items: [{ type: 'labor', title: 'Malerarbeiten', quantity: 10, unit: 'h', unitPrice: 100 }],
  });
  await api(page, 'PUT', `/api/invoices/${invoice.id}/status`, { status: 'sent' });

  // The four views: tabs on a desktop, wrapping buttons on a phone.
  const view = (name: string) =>
    isMobile ? page.getByText(name, { exact: true }).click() : page.getByRole('tab', { name }).click();
  await page.goto('/accounting');
  await expect(page.getByRole('heading', { name: 'Buchhaltung' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Rechnung ${invoice.invoice_number}`).first()).toBeVisible({ timeout: 15_000 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Exportieren/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^buchungen-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-banana\.txt$/);
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = text.trim().split('\r\n');
  expect(header).toBe('Date\tDoc\tDescription\tAccountDebit\tAccountCredit\tAmount\tVatCode');
  expect(rows.map((r) => r.split('\t').slice(1).join('|'))).toEqual([
    `${invoice.invoice_number}|Rechnung ${invoice.invoice_number} ${customerName}|1100|3400|1081.00|V81`,
  ]);
  // The export marked the booking: the preview (another period would skip it) shows it as exported.
  await expect(page.getByRole('cell', { name: 'ja', exact: true })).toBeVisible({ timeout: 15_000 });

  await view('Offene Posten');
  await expect(page.getByRole('cell', { name: invoice.invoice_number })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Total offen: CHF 1'081.00")).toBeVisible();

  await view('MWST');
  await expect(page.getByText('Abrechnungsart: nach vereinbartem Entgelt')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('cell', { name: 'V81' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '81.00' }).first()).toBeVisible();

  await view('Kontenzuordnung');
  const debtors = page.getByLabel('Debitoren', { exact: true });
  await expect(debtors).toHaveValue('1100', { timeout: 15_000 });
  await debtors.fill('1101');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Kontenzuordnung gespeichert')).toBeVisible();

  await view('Buchungsjournal');
  await expect(page.getByRole('cell', { name: '1101', exact: true }).first()).toBeVisible({ timeout: 15_000 });
});
