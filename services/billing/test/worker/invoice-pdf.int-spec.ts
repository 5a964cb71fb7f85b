import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_PDF_RENDER, type InvoiceDocument, type ReminderDocument } from '@zunft/contracts';
import jsQRModule from 'jsqr';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { parseQrPayload } from '../../src/documents/qr-bill/qr-payload.js';
import { invoiceReferences, isQrIban, isValidQrr, isValidScor } from '../../src/invoices/payment-reference.js';
import { DocumentQueues } from '../../src/queues/document-queues.js';
import { leftoverBrowserProcesses } from '../../src/worker/process-check.js';
import { startWorker, type RunningWorker } from '../../src/worker/start-worker.js';
import { CHROMIUM_PATH, REDIS_URL, pdfText, pdfinfoPages, removeQueues, testLogger, uniquePrefix } from './support.js';

const run = promisify(execFile);
// jsqr is CommonJS: TypeScript sees the module object, the runtime may hand over the function itself.
type JsQr = typeof jsQRModule.default;
const jsQR: JsQr = (jsQRModule as unknown as { default?: JsQr }).default ?? (jsQRModule as unknown as JsQr);
const prefix = uniquePrefix('invoice-pdf');
const REFS = invoiceReferences('R-2026-0042');
let worker: RunningWorker;
let queues: DocumentQueues;

beforeAll(async () => {
  worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  queues = new DocumentQueues({ redisUrl: REDIS_URL, prefix });
}, 30_000);

afterAll(async () => {
  await queues?.close();
  const dirs = worker?.renderer?.usedUserDataDirs ?? [];
  await worker?.close();
  expect(leftoverBrowserProcesses(dirs)).toEqual([]);
  await removeQueues(prefix);
});

/** The SIX IG example payloads (test/fixtures/qrbill/PROVENANCE.md). */
const sixExample = async (name: string) =>
  (await readFile(new URL(`../fixtures/qrbill/${name}`, import.meta.url), 'utf8'))
    .replace(/\r\n/g, '\n')
    .replace(/\n$/, '')
    .split('\n');

function sampleInvoice(over: {
  account: string;
  reference: string;
  language?: 'de' | 'fr' | 'it';
  lines?: number;
}): InvoiceDocument {
  const language = over.language ?? 'de';
  return {
    language,
    company: {
      name: 'Malerei Muster AG',
      address: 'Werkstrasse 1\n8000 Zürich',
      email: 'info@malerei.test',
      phone: '044 123 45 67',
      website: null,
      vat_number: 'CHE-123.456.789 MWST',
      iban: over.account,
      logo_data_url: null,
    },
    customer: {
      name: 'Huber Immobilien AG',
      address: 'Peter Muster\nBahnhofstrasse 5\n3000 Bern',
      email: 'p@huber.test',
      language,
    },
    invoice: {
      number: 'R-2026-0042',
      date: '2026-03-10',
      due_date: '2026-04-09',
      service_period_start: '2026-03-01',
      service_period_end: '2026-03-05',
      project_title: 'Fassade Huber',
      currency: 'CHF',
      company_place: '8000 Zürich',
      customer_place: '3000 Bern',
      notes: null,
      payment_terms_days: 30,
    },
    lines: Array.from({ length: over.lines ?? 2 }, (_, i) => ({
      title: i === 0 ? 'Arbeitszeit Emil Muster' : `Farbe ${i}`,
      description: null,
      quantity: i === 0 ? 7.5 : 3,
      unit: i === 0 ? 'h' : 'Stk',
      unit_price: i === 0 ? 95 : 8.9,
      total_price: i === 0 ? 712.5 : 26.7,
    })),
    totals: { subtotal: 739.2, vat_rate: 8.1, vat_amount: 59.88, rounding: 0.02, total: 799.1, paid: 0 },
    qr_bill: {
      account: over.account,
      creditor: {
        name: 'Malerei Muster AG',
        street: 'Werkstrasse',
        building_number: '1',
        zip: '8000',
        city: 'Zürich',
        country: 'CH',
      },
      debtor: {
        name: 'Huber Immobilien AG',
        street: 'Bahnhofstrasse',
        building_number: '5',
        zip: '3000',
        city: 'Bern',
        country: 'CH',
      },
      amount: 799.1,
      currency: 'CHF',
      reference: over.reference,
      message: 'Rechnung R-2026-0042',
    },
  };
}

/** The QR code of the bill, decoded independently: last page → PNG (pdftoppm, 200 dpi, QR area) → jsQR. */
async function decodeQrBill(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'zunft-qr-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const pages = await pdfinfoPages(pdf);
    // Payment part: 62 mm from the left, bill top 192 mm from the page top; the QR code is at
    // 67–113 mm × 209–255 mm. 200 dpi = 7.874 px/mm; crop with a margin.
    const px = (mm: number) => String(Math.round((mm * 200) / 25.4));
    await run('pdftoppm', [
      '-f',
      String(pages),
      '-l',
      String(pages),
      '-r',
      '200',
      '-x',
      px(62),
      '-y',
      px(200),
      '-W',
      px(60),
      '-H',
      px(64),
      '-png',
      '-singlefile',
      file,
      path.join(dir, 'qr'),
    ]);
    const png = PNG.sync.read(await readFile(path.join(dir, 'qr.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    if (!code) throw new Error('no QR code found on the last page');
    parseQrPayload(code.data); // throws unless the payload follows the SIX IG rules
    return code.data.replace(/\r\n/g, '\n').split('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Field by field (SIX IG QR-bill 2.3, 4.3.3) for a bill with structured addresses and no bill information. */
function expectPayload(p: string[], expected: { account: string; referenceType: 'QRR' | 'SCOR'; reference: string }) {
  expect(p[0]).toBe('SPC'); // QR type
  expect(p[1]).toBe('0200'); // version
  expect(p[2]).toBe('1'); // coding type UTF-8
  expect(p[3]).toBe(expected.account);
  expect(isQrIban(p[3]!)).toBe(expected.referenceType === 'QRR');
  expect(p.slice(4, 11)).toEqual(['S', 'Malerei Muster AG', 'Werkstrasse', '1', '8000', 'Zürich', 'CH']); // creditor
  expect(p.slice(11, 18)).toEqual(['', '', '', '', '', '', '']); // ultimate creditor (reserved)
  expect(p[18]).toBe('799.10'); // amount, two decimals
  expect(p[19]).toBe('CHF');
  expect(p.slice(20, 27)).toEqual(['S', 'Huber Immobilien AG', 'Bahnhofstrasse', '5', '3000', 'Bern', 'CH']); // debtor
  expect(p[27]).toBe(expected.referenceType);
  expect(p[28]).toBe(expected.reference);
  if (expected.referenceType === 'QRR') expect(isValidQrr(p[28]!)).toBe(true);
  else expect(isValidScor(p[28]!)).toBe(true);
  expect(p[29]).toBe('Rechnung R-2026-0042'); // unstructured message
  expect(p[30]).toBe('EPD'); // trailer
}

describe('invoice PDF with the Swiss QR bill', () => {
  it('QR-IBAN + QRR: the decoded payload is valid field by field and has the SIX example structure', async () => {
    const reference = REFS.qrr;
    expect(isValidQrr(reference)).toBe(true);
    const { pdf, pages } = await queues.renderPdf(
      { kind: 'invoice', document: sampleInvoice({ account: 'CH4431999123000889012', reference }) },
      { timeoutMs: 30_000 },
    );
    // One page of invoice, the QR bill on its own page; no blank extra page.
    expect(pages).toBe(2);
    expect(await pdfinfoPages(pdf)).toBe(2);
    const payload = await decodeQrBill(pdf);
    expectPayload(payload, { account: 'CH4431999123000889012', referenceType: 'QRR', reference });
    const six = await sixExample('six-ig-example-01.txt');
    expect(payload).toHaveLength(six.length);
    expect([payload[0], payload[1], payload[2], payload[4], payload[20], payload[27]]).toEqual([
      six[0],
      six[1],
      six[2],
      six[4],
      six[20],
      six[27],
    ]);
    const text = await pdfText(pdf);
    expect(text).toContain('Rechnung R-2026-0042');
    expect(text).toContain('CHE-123.456.789 MWST');
    expect(text).toMatch(/MWST 8.1 %\s+59.88/);
    expect(text).toMatch(/Rundung\s+0.02/);
    expect(text).toMatch(/Leistungszeitraum\s+01\.03\.2026 –/);
    expect(text).toContain('05.03.2026');
    expect(text).toContain('Zahlteil');
    expect(text).toContain('Empfangsschein');
  }, 60_000);

  it('IBAN + SCOR, French headings: payload valid, structure of the SIX SCOR example', async () => {
    const reference = REFS.scor;
    expect(isValidScor(reference)).toBe(true);
    const { pdf } = await queues.renderPdf(
      { kind: 'invoice', document: sampleInvoice({ account: 'CH5800791123000889012', reference, language: 'fr' }) },
      { timeoutMs: 30_000 },
    );
    const payload = await decodeQrBill(pdf);
    expectPayload(payload, { account: 'CH5800791123000889012', referenceType: 'SCOR', reference });
    const six = await sixExample('six-ig-example-04.txt');
    expect(payload).toHaveLength(six.length);
    expect(payload[27]).toBe(six[27]);
    const text = await pdfText(pdf);
    expect(text).toContain('Facture R-2026-0042');
    expect(text).toContain('Section paiement');
    expect(text).toContain('Récépissé');
  }, 60_000);

  it('a long invoice keeps the QR bill on its own last page', async () => {
    const { pdf } = await queues.renderPdf(
      {
        kind: 'invoice',
        document: sampleInvoice({ account: 'CH4431999123000889012', reference: REFS.qrr, lines: 45 }),
      },
      { timeoutMs: 30_000 },
    );
    const pages = await pdfinfoPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect((await decodeQrBill(pdf))[28]).toBe(REFS.qrr);
  }, 60_000);

  it('reminder: letter, fee, interest, new total and a new QR bill for that total with the same reference', async () => {
    const invoice = sampleInvoice({ account: 'CH4431999123000889012', reference: REFS.qrr });
    const document: ReminderDocument = {
      language: 'de',
      company: invoice.company,
      customer: invoice.customer,
      reminder: { level: 2, date: '2026-05-09', due_date: '2026-05-23', notes: null },
      invoice: {
        number: 'R-2026-0042',
        date: '2026-03-10',
        due_date: '2026-04-09',
        total: 799.1,
        paid: 0,
        currency: 'CHF',
      },
      amounts: {
        open_amount: 799.1,
        fee: 20,
        fees_total: 30,
        interest: 3.28,
        interest_days: 30,
        interest_rate: 5,
        total: 832.4,
      },
      qr_bill: { ...invoice.qr_bill!, amount: 832.4 },
    };
    const { pdf } = await queues.renderPdf({ kind: 'reminder', document }, { timeoutMs: 30_000 });
    const text = await pdfText(pdf);
    expect(text).toContain('1. Mahnung');
    expect(text).toMatch(/Mahngebühren\s+30.00/);
    expect(text).toMatch(/Verzugszins 5 % für 30 Tage\s+3.28/);
    expect(text).toMatch(/Neuer Gesamtbetrag\s+CHF 832.40/);
    const payload = await decodeQrBill(pdf);
    expect(payload[18]).toBe('832.40');
    expect(payload[28]).toBe(REFS.qrr);
  }, 60_000);
});
