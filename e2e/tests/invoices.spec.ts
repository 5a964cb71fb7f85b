// Rechnungen: a report signed by the customer becomes an invoice; the office finds it on the
// invoices screen, downloads the PDF (with the QR bill), sends it, sends a reminder from the reminder
// dialog, and imports the bank's camt.054 file, whose QR payment marks the invoice paid.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import {
  E2E_VAT_NUMBER,
  api,
  drawnSignature,
  recentWork,
  registerCompany,
  uniqueEmail,
  zurichDate,
} from './support.js';

/** What the test reads of POST /reports/{id}/create-invoice and GET /invoices/{id}. */
interface CreatedInvoice {
  invoiceNumber: string;
  invoiceId: string;
}
interface InvoiceDetail {
  qr_reference: string | null;
  open_amount: number;
}

/** The SIX example QR-IBAN: payments with a QR reference (QRR). */
const QR_IBAN = 'CH4431999123000889012';

/** A camt.054.001.08 notification with one booked QR credit (the format Swiss banks deliver). */
function camt054(reference: string, amount: number, debtor: string): string {
  const id = randomUUID().slice(0, 8).toUpperCase();
  const today = zurichDate(new Date());
  const value = amount.toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>E2E-${id}</MsgId><CreDtTm>${today}T22:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>E2E-NTFCTN-${id}</Id>
      <CreDtTm>${today}T22:00:00</CreDtTm>
      <Acct><Id><IBAN>${QR_IBAN}</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="CHF">${value}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${today}</Dt></BookgDt>
        <ValDt><Dt>${today}</Dt></ValDt>
        <AcctSvcrRef>E2E-NTRY-${id}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>E2E-TX-${id}</AcctSvcrRef></Refs>
            <Amt Ccy="CHF">${value}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties><Dbtr><Pty><Nm>${debtor}</Nm></Pty></Dbtr></RltdPties>
            <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

/** A well-formed QR reference (26 digits and the mod 10 recursive check digit) that no invoice carries. */
function unknownQrReference(): string {
  const table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  const digits = Array.from({ length: 26 }, (_, i) => (i === 0 ? 9 : Math.floor(Math.random() * 10))).join('');
  let carry = 0;
  for (const d of digits) carry = table[(carry + Number(d)) % 10]!;
  return digits + String((10 - carry) % 10);
}

/** The invoice's row (list) or card (phones) in the main area. */
function invoiceEntry(page: Page, number: string) {
  return page.getByRole('main').locator('tr, .ant-card').filter({ hasText: number }).last();
}

test('Rechnung aus unterschriebenem Rapport: PDF, Versand, Mahnung, Zahlung aus camt.054', async ({ page }) => {
  test.setTimeout(300_000);
  await registerCompany(page, { firstName: 'Anna', lastName: 'Brunner' });

  // Company data the QR bill needs, a customer with an address and e-mail, a project with work.
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
    vat_number: E2E_VAT_NUMBER,
    default_hourly_rate: 95,
  });
  const customerName = `Metzgerei Frei ${randomUUID().slice(0, 4)}`;
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: customerName,
    email: uniqueEmail('kunde'),
    address: 'Bahnhofstrasse 5',
    zip: '3600',
    city: 'Thun',
  });
  const project = await api<{ id: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Kühlraum Elektro',
    status: 'in_progress',
  });
  await api(page, 'POST', '/api/time-entries', {
    projectId: project.id,
    ...recentWork(),
    breakMinutes: 0,
    description: 'Leitungen verlegt',
  });

  // The report, signed on the office's device, becomes an invoice.
  const today = new Date();
  const report = await api<{ id: string }>(page, 'POST', '/api/reports/generate', {
    projectId: project.id,
    title: 'Kühlraum November',
    periodStart: zurichDate(new Date(today.getTime() - 2 * 86_400_000)),
    periodEnd: zurichDate(today),
  });
  await api(page, 'POST', `/api/reports/${report.id}/signature`, {
    signerName: 'Erika Frei',
    signerEmail: uniqueEmail('erika'),
    signatureData: await drawnSignature(page),
  });
  const created = await api<CreatedInvoice>(page, 'POST', `/api/reports/${report.id}/create-invoice`);
  const number = created.invoiceNumber;
  expect(number).toMatch(/^RE-\d{4}-\d{4}$/);

  // The invoices screen shows it as a draft.
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible({ timeout: 30_000 });
  const entry = invoiceEntry(page, number);
  await expect(entry).toContainText(customerName);
  await expect(entry).toContainText('Entwurf');

  // The detail: the labour line of the report and the QR reference.
  await entry.getByText(number, { exact: true }).first().click();
  const detail = page.getByRole('dialog').filter({ hasText: `Rechnung ${number}` });
  await expect(detail.getByText('Arbeitszeit Anna Brunner').first()).toBeVisible();
  const invoice = await api<InvoiceDetail>(page, 'GET', `/api/invoices/${created.invoiceId}`);
  expect(invoice.qr_reference).toMatch(/^\d{27}$/);
  await expect(detail.getByText(invoice.qr_reference!.slice(-5))).toBeVisible();
  await expect(detail.getByRole('button', { name: /Mahnung verwalten/ })).toBeDisabled();

  // PDF download: a real PDF named after the invoice.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await detail.getByRole('button', { name: 'PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Rechnung-${number}.pdf`);
  expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('PDF wurde heruntergeladen').first()).toBeVisible();

  // Send: draft → sent.
  await detail.getByRole('button', { name: 'Senden' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText(`Rechnung wurde an ${customerName} gesendet`).first()).toBeVisible({ timeout: 60_000 });
  await expect(detail.getByText('Versendet').first()).toBeVisible();

  // A reminder from the reminder dialog (next level, empty payload).
  await detail.getByRole('button', { name: /Mahnung verwalten/ }).click();
  const reminders = page.getByRole('dialog').filter({ hasText: `Mahnung verwalten – ${number}` });
  await expect(reminders.getByText('Noch keine Mahnungen versendet.')).toBeVisible();
  await reminders.getByRole('button', { name: /Nächste Stufe senden: Erinnerung/ }).click();
  await expect(page.getByText('Erinnerung wurde versendet').first()).toBeVisible({ timeout: 60_000 });
  await expect(reminders.getByText(/Versendet von Anna Brunner am/)).toBeVisible();
  await expect(reminders.getByRole('button', { name: /Nächste Stufe senden: 1\. Mahnung/ })).toBeVisible();
  await reminders.locator('.ant-modal-footer').getByRole('button', { name: 'Schliessen' }).click();
  await detail.locator('.ant-modal-footer').getByRole('button', { name: 'Schliessen' }).click();
  await expect(invoiceEntry(page, number)).toContainText('Erinnerung');

  // A credit with a reference no invoice has stays unmatched; 'Zuordnen' books it on the invoice (part-paid).
  await page.getByRole('button', { name: /Bankdatei importieren/ }).click();
  const firstImport = page.getByRole('dialog').filter({ hasText: 'Bankdatei importieren' });
  await firstImport.locator('input[type="file"]').setInputFiles({
    name: 'camt054-unbekannt.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(camt054(unknownQrReference(), 50, 'Hans Unbekannt')),
  });
  await expect(firstImport.getByText('Nicht zugeordnet (1)')).toBeVisible({ timeout: 30_000 });
  await expect(firstImport.getByText('Zugeordnet (0)')).toBeVisible();
  await expect(firstImport.getByText('Hans Unbekannt')).toBeVisible();
  await firstImport.getByRole('button', { name: 'Zuordnen' }).click();
  const assignDialog = page.getByRole('dialog').filter({ hasText: 'Zahlung zuordnen' });
  await expect(assignDialog.getByText('Hans Unbekannt')).toBeVisible();
  await assignDialog.getByRole('combobox', { name: 'Offene Rechnung' }).click();
  await page.keyboard.type(number);
  await page.locator('.ant-select-item-option').filter({ hasText: number }).click();
  await expect(assignDialog.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(number);
  await page.waitForTimeout(400); // the option list closes with an animation; the screenshot shows the dialog
  await page.screenshot({ path: test.info().outputPath('assign-dialog.png') });
  await assignDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Zuordnen' }).click();
  await expect(
    page.getByText(`Zahlung von CHF 50.00 der Rechnung ${number} zugeordnet – teilweise bezahlt`).first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(firstImport.getByText(`Zugeordnet: ${number} · teilweise bezahlt`)).toBeVisible();
  await expect(firstImport.getByRole('button', { name: 'Zuordnen' })).toHaveCount(0);
  await firstImport.locator('.ant-modal-footer').getByRole('button', { name: 'Schliessen' }).click();
  const partPaid = await api<InvoiceDetail & { paid_amount: number; status: string }>(
    page,
    'GET',
    `/api/invoices/${created.invoiceId}`,
  );
  expect(partPaid.paid_amount).toBe(50);
  expect(['sent', 'overdue']).toContain(partPaid.status);
  await expect(page.getByRole('button', { name: /Nicht zugeordnete Zahlungen/ })).toHaveCount(0);

  // The bank's camt.054 file with the QR payment of the open amount marks the invoice paid.
  const open = (await api<InvoiceDetail>(page, 'GET', `/api/invoices/${created.invoiceId}`)).open_amount;
  await page.getByRole('button', { name: /Bankdatei importieren/ }).click();
  const importDialog = page.getByRole('dialog').filter({ hasText: 'Bankdatei importieren' });
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'camt054.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(camt054(invoice.qr_reference!, open, 'Erika Frei')),
  });
  await expect(importDialog.getByText('Zugeordnet (1)')).toBeVisible({ timeout: 30_000 });
  await expect(importDialog.getByText(number)).toBeVisible();
  await expect(importDialog.getByText('bezahlt', { exact: true })).toBeVisible();
  await expect(importDialog.getByText('Nicht zugeordnet (0)')).toBeVisible();
  await importDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Schliessen' }).click();
  await expect(invoiceEntry(page, number)).toContainText('Bezahlt');
});
