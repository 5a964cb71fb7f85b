// Abrechnung in Etappen (issue 22): an accepted quote of 10'000.00 net; the office opens it, makes a
// 30 % «Akontorechnung», sends it, then the «Schlussrechnung», which deducts the Akonto. The quote's
// section shows what is invoiced and open after each step (desktop and phone alike). The same three
// actions in a project's drawer (mf-time): Akonto as an amount, a partial invoice from free lines, the
// final with a line of its own minus both.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, test } from './diagnostics.js';
import { E2E_VAR_DIR } from '../playwright.config.js';
import { E2E_VAT_NUMBER, api, drawnSignature, expectAccessible, registerCompany, uniqueEmail } from './support.js';

const OUTBOX = path.resolve(import.meta.dirname, '../..', E2E_VAR_DIR, 'mail-outbox');

/** The acceptance token of the newest mail to `to` in the stack's mail outbox. */
async function acceptanceTokenFor(to: string): Promise<string> {
  let token: string | null = null;
  await expect(async () => {
    const files = (await readdir(OUTBOX)).filter((f) => f.endsWith('.eml'));
    const withTime = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(OUTBOX, f))).mtimeMs })));
    for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
      const raw = (await readFile(path.join(OUTBOX, f), 'utf8')).replace(/=\r?\n/g, '');
      if (!raw.includes(to)) continue;
      const match = /\/quote-acceptance\/([A-Za-z0-9_-]+)/.exec(raw);
      if (match) {
        token = match[1]!;
        return;
      }
    }
    throw new Error(`no mail to ${to} yet`);
  }).toPass({ timeout: 30_000 });
  return token!;
}

test('Angebot → Akontorechnung 30 % → Schlussrechnung mit Abzug: verrechnet und offen stimmen', async ({ page }) => {
  test.setTimeout(180_000);
  await registerCompany(page);
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
    vat_number: 'CHE-116.281.710 MWST',
    vat_rate: 8.1,
  });
  const customerEmail = uniqueEmail('kunde');
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: `Bauherrschaft Keller ${randomUUID().slice(0, 4)}`,
    email: customerEmail,
    address: 'Seestrasse 7',
    zip: '6004',
    city: 'Luzern',
  });
  // 38.5 h × 120.00 = 4'620.00 + Material 5'380.00 = 10'000.00 net; VAT 8.1 % = 810.00; 10'810.00
  const title = `Umbau Werkstatt ${randomUUID().slice(0, 4)}`;
  const quote = await api<{ id: string; total: number }>(page, 'POST', '/api/quotes', {
    customerId: customer.id,
    title,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    vatRate: 8.1,
    items: [
      { type: 'labor', title: 'Montage', quantity: 38.5, unit: 'h', unitPrice: 120 },
      { type: 'material', title: 'Material', quantity: 1, unit: 'Pauschale', unitPrice: 5380 },
    ],
  });
  expect(quote.total).toBe(10810);
  await api(page, 'POST', `/api/quotes/${quote.id}/send`);
  const token = await acceptanceTokenFor(customerEmail);
  const accepted = await page.request.post(`/api/quote-acceptance/${token}/accept`, {
    data: { name: 'Vera Keller', email: customerEmail, signature: await drawnSignature(page), consent: true },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  await page.goto('/quotes');
  const main = page.getByRole('main');
  const row = main.locator('tr, .ant-card').filter({ hasText: title }).last();
  await expect(row.getByText('Angenommen')).toBeVisible({ timeout: 30_000 });
  await row.getByText(title).first().click();
  const detail = page.getByRole('dialog').filter({ hasText: title });
  const stages = detail.getByTestId('invoice-stages');
  await stages.scrollIntoViewIfNeeded();
  await expect(stages).toContainText('Noch keine Akonto-, Teil- oder Schlussrechnung.');
  await expect(stages).toContainText("CHF 10'810.00");

  // 30 %: 3'000.00 net + 243.00 VAT = 3'243.00
  await stages.getByRole('button', { name: 'Akontorechnung' }).click();
  const dp = page.getByRole('dialog', { name: 'Akontorechnung erstellen' });
  await dp.getByLabel('Prozentsatz').fill('30');
  await expect(dp).toContainText("Netto CHF 3'000.00 zuzüglich MWST");
  await dp.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText(/^Akontorechnung RE-\d{4}-\d{4} erstellt$/).first()).toBeVisible();
  await expect(stages).toContainText("CHF 3'243.00");
  // open: 10'810.00 − 3'243.00 = 7'567.00
  await expect(stages).toContainText("CHF 7'567.00");
  await expectAccessible(page, 'Angebot: Abrechnung in Etappen');

  // The Akonto is sent (issued) before the final invoice deducts it.
  const summary = await api<{ invoices: Array<{ id: string; kind: string }> }>(
    page,
    'GET',
    `/api/invoices/stages?quoteId=${quote.id}`,
  );
  await api(page, 'PUT', `/api/invoices/${summary.invoices[0]!.id}/status`, { status: 'sent' });

  await stages.getByRole('button', { name: 'Schlussrechnung' }).click();
  const fin = page.getByRole('dialog', { name: 'Schlussrechnung erstellen' });
  await expect(fin).toContainText("Abzug: 1 Rechnung über CHF 3'243.00");
  await expect(fin).toContainText("Voraussichtlich zu bezahlen: CHF 7'567.00");
  await expectAccessible(page, 'Schlussrechnung erstellen');
  await fin.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByText(/^Schlussrechnung RE-\d{4}-\d{4} erstellt$/).first()).toBeVisible();
  await expect(stages).toContainText('Die Schlussrechnung ist erstellt: alles ist verrechnet.');
  await expect(stages.getByRole('button', { name: 'Akontorechnung' })).toHaveCount(0);

  // The final invoice: 10'000.00 − 3'000.00 = 7'000.00 net; VAT 810.00 − 243.00 = 567.00; 7'567.00
  const after = await api<{ invoices: Array<{ id: string; kind: string; total: number }>; open: { total: number } }>(
    page,
    'GET',
    `/api/invoices/stages?quoteId=${quote.id}`,
  );
  expect(after.invoices.map((i) => [i.kind, i.total])).toEqual([
    ['down_payment', 3243],
    ['final', 7567],
  ]);
  expect(after.open.total).toBe(0);
  const final = await api<{ items: Array<{ title: string; total_price: number }> }>(
    page,
    'GET',
    `/api/invoices/${after.invoices[1]!.id}`,
  );
  expect(final.items.at(-1)).toMatchObject({ total_price: -3000 });
  expect(final.items.at(-1)!.title).toMatch(/^Abzüglich Akontorechnung RE-\d{4}-\d{4} vom \d{2}\.\d{2}\.\d{4}$/);
});

test('Projekt → Akontorechnung und Teilrechnung im Projekt → Schlussrechnung mit Abzug beider', async ({ page }) => {
  test.setTimeout(120_000);
  await registerCompany(page);
  await api(page, 'PUT', '/api/companies/settings', {
    company_iban: 'CH4431999123000889012',
    vat_number: E2E_VAT_NUMBER,
    vat_rate: 8.1,
  });
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: `Bäckerei Brunner ${randomUUID().slice(0, 4)}`,
    email: uniqueEmail('kunde'),
    address: 'Dorfstrasse 3',
    zip: '3000',
    city: 'Bern',
  });
  const title = `Ladenumbau ${randomUUID().slice(0, 4)}`;
  const project = await api<{ id: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title,
    status: 'in_progress',
  });

  await page.goto('/projects');
  await page.getByRole('main').getByText(title).first().click();
  const billing = page.getByRole('dialog', { name: title }).getByTestId('project-billing');
  await expect(billing).toContainText('Noch keine Rechnung zu diesem Projekt.');
  const make = async (kind: string, fill: (dialog: Locator) => Promise<unknown>) => {
    await billing.getByRole('button', { name: kind, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: kind, exact: true });
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Rechnung erstellen' }).click();
    await expect(page.getByText(new RegExp(`^${kind} RE-\\d{4}-\\d{4} erstellt$`)).first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
  };

  // Akonto 1'000.00 net + 81.00 VAT = 1'081.00
  await make('Akontorechnung', (d) => d.getByLabel('Betrag exkl. MWST (CHF)').fill('1000'));
  await expect(billing).toContainText("CHF 1'081.00");
  // Teilrechnung 2 × 500.00 = 1'000.00 net + 81.00 = 1'081.00; invoiced 2'162.00
  await make('Teilrechnung', async (d) => {
    await d.getByLabel('Bezeichnung 1').fill('Rohbau Etappe 1');
    await d.getByLabel('Menge 1').fill('2');
    await d.getByLabel('Preis exkl. MWST 1').fill('500');
  });
  await expect(billing).toContainText("CHF 2'162.00");
  await expectAccessible(page, 'Projekt: Abrechnung in Etappen');

  // Both are sent (issued) before the final deducts them.
  const before = await api<{ invoices: Array<{ id: string }> }>(
    page,
    'GET',
    `/api/invoices/stages?projectId=${project.id}`,
  );
  for (const inv of before.invoices) await api(page, 'PUT', `/api/invoices/${inv.id}/status`, { status: 'sent' });

  // Final: 5'000.00 − 1'000.00 − 1'000.00 = 3'000.00 net; VAT 405.00 − 81.00 − 81.00 = 243.00; 3'243.00
  await make('Schlussrechnung', async (d) => {
    await expect(d).toContainText("Abgezogen werden 2 Rechnungen über CHF 2'162.00.");
    await d.getByLabel('Bezeichnung 1').fill('Ladenbau gesamt');
    await d.getByLabel('Menge 1').fill('1');
    await d.getByLabel('Preis exkl. MWST 1').fill('5000');
  });
  await expect(billing).toContainText('Schlussrechnung erstellt');
  // invoiced 1'081.00 + 1'081.00 + 3'243.00 = 5'405.00 (= 5'000.00 + 8.1 %)
  await expect(billing).toContainText("CHF 5'405.00");
  await expect(billing.getByRole('button', { name: 'Akontorechnung' })).toHaveCount(0);
  const after = await api<{ invoices: Array<{ kind: string; net: number; vat: number; total: number }> }>(
    page,
    'GET',
    `/api/invoices/stages?projectId=${project.id}`,
  );
  expect(after.invoices.map((i) => [i.kind, i.net, i.vat, i.total])).toEqual([
    ['down_payment', 1000, 81, 1081],
    ['partial', 1000, 81, 1081],
    ['final', 3000, 243, 3243],
  ]);
});
