import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CreditNoteDto } from '@zunft/contracts';
import { createHash } from 'node:crypto';
import { type RunningWorker } from '../src/worker/index.js';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { createInvoice, setQrBillSettings } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { pdfText, pdfinfoPages, startSmtpServer, startDocumentWorker } from './worker/support.js';

/** The credit note PDF (issue 22) with the real billing worker: customer's language, no QR bill, archived. */

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Company;
let b: Company;
let customerDe: string;
let customerFr: string;

const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** An issued invoice of 799.10 (739.20 net + 8.1 %) with one credit note. */
async function creditNote(customer: string, body: object): Promise<{ invoiceNumber: string; note: CreditNoteDto }> {
  const inv = await createInvoice(t, a.backoffice, customer);
  await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'sent' }).expect(200);
  const res = await t.http().post(`/api/invoices/${inv.id}/credit-notes`).set(bearer(a.backoffice)).send(body);
  expect(res.status).toBe(201);
  return { invoiceNumber: inv.invoice_number, note: res.body };
}
const pdfPath = (n: CreditNoteDto) => `/api/invoices/${n.invoice_id}/credit-notes/${n.id}/pdf`;
const download = async (c: Company, path: string): Promise<Buffer> => {
  const res = await t.http().get(path).set(bearer(c.backoffice)).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return res.body as Buffer;
};

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = await startDocumentWorker(t.config, smtp.url);
  a = await createCompany(t, { name: 'Gipserei Weiss AG', settings: { vat_rate: 8.1 } });
  b = await createCompany(t);
  await setQrBillSettings(t, a.id);
  customerDe = (await addCustomer(t, a.id, { name: 'Huber AG' })).customerId;
  customerFr = (await addCustomer(t, a.id, { name: 'Dubois SA', language: 'fr' })).customerId;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await smtp?.close();
  await t?.close();
});

describe('credit note PDF', () => {
  it('«Gutschrift» with the invoice number and the VAT per rate, one page without QR bill; archived byte for byte', async () => {
    const { invoiceNumber, note } = await creditNote(customerDe, {
      reason: 'Farbe zurückgenommen',
      items: [
        { title: 'Farbe weiss', quantity: 3, unitPrice: 8.9 },
        { title: 'Pflanzen', quantity: 1, unitPrice: 100, vatRate: 2.6 },
      ],
    });
    expect(note.document_sha256).toBeNull();
    const first = await download(a, pdfPath(note));
    const text = await pdfText(first);
    expect(text).toContain('Gutschrift');
    expect(text).toContain(note.credit_note_number);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Farbe zurückgenommen');
    // 26.70 @ 8.1 % → VAT 2.16; 100.00 @ 2.6 % → VAT 2.60; 131.46 → 131.45
    expect(text).toMatch(/MWST 8[.,]1 %\s+2\.16/);
    expect(text).toMatch(/MWST 2[.,]6 %\s+2\.60/);
    expect(text).toContain('131.45');
    expect(text).not.toMatch(/Zahlteil|Empfangsschein/);
    expect(await pdfinfoPages(first)).toBe(1);

    const listed = (await t.http().get(`/api/invoices/${note.invoice_id}/credit-notes`).set(bearer(a.admin))).body;
    expect(listed[0].document_sha256).toBe(sha256(first));
    // Another IBAN and address: the archived credit note stays as it was.
    await setQrBillSettings(t, a.id, { iban: 'CH9300762011623852957', street: 'Neugasse', house_number: '9' });
    const later = await download(a, pdfPath(note));
    expect(later.equals(first)).toBe(true);
  });

  it("in the customer's language (French: «Note de crédit»)", async () => {
    const { invoiceNumber, note } = await creditNote(customerFr, { reason: 'Geste commercial', amount: 50 });
    const text = await pdfText(await download(a, pdfPath(note)));
    expect(text).toContain('Note de crédit');
    expect(text).toContain(`facture ${invoiceNumber}`);
    expect(text).not.toContain('Gutschrift');
  });

  it('employees 403; another company 404; an unknown credit note 404', async () => {
    const { note } = await creditNote(customerDe, { reason: 'Kulanz', amount: 10 });
    expect((await t.http().get(pdfPath(note)).set(bearer(a.employee))).status).toBe(403);
    const other = await t.http().get(pdfPath(note)).set(bearer(b.admin));
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('Rechnung nicht gefunden');
    const unknown = await t
      .http()
      .get(`/api/invoices/${note.invoice_id}/credit-notes/00000000-0000-4000-8000-000000000000/pdf`)
      .set(bearer(a.admin));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Gutschrift nicht gefunden');
  });
});
