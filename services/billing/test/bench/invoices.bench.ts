// Benchmark, run by hand (not part of npm test; testMatch does not pick up *.bench.ts):
//
//   cd services/billing && NODE_OPTIONS=--experimental-vm-modules \
//     npx jest --testMatch '**/test/bench/*.bench.ts' --testTimeout 600000 test/bench/invoices.bench.ts
//
// Measures on the real API + worker (Chromium warm) + PostgreSQL:
//  1. invoice PDF with QR bill, warm browser: median of 20 after 2 warm-up rounds, as the worker's
//     render time and as the round trip of GET /invoices/{id}/download;
//  2. POST /invoices/payments/import of a camt.054.001.04 file with 1,000 QR credits matching 1,000
//     invoices (all booked, 1,000 billing.invoice.paid events), the same file again (all duplicates),
//     and a file of 1,000 credits with unknown references (all kept as unmatched credits). The load
//     average is printed with the figures: on the shared machine they vary with it.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { loadavg } from 'node:os';
import { QUEUE_PDF_RENDER } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { InvoiceDocumentBuilder } from '../../src/invoices/invoice-document.builder.js';
import { InvoicesService } from '../../src/invoices/invoices.service.js';
import { makeQrr } from '../../src/invoices/payment-reference.js';
import { DocumentQueues } from '../../src/queues/index.js';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';
import { addCustomer, bearer, createCompany, type Company } from '../support/factories.js';
import { createInvoice, setQrBillSettings } from '../support/invoices.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { CHROMIUM_PATH, median, testLogger } from '../worker/support.js';

const ROUNDS = 20;
const WARMUP = 2;
const ENTRIES = 1000;

let t: TestApp;
let worker: RunningWorker;
let a: Company;

beforeAll(async () => {
  t = await createTestApp({ pdfTimeoutMs: 60_000 });
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  a = await createCompany(t, { name: 'Malerei Muster AG' });
  await setQrBillSettings(t, a.id);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await t?.close();
}, 60_000);

it('invoice PDF render time with a warm browser (median of 20)', async () => {
  const cust = (await addCustomer(t, a.id, { name: 'Huber Immobilien AG' })).customerId;
  const inv = await createInvoice(t, a.backoffice, cust, {
    items: Array.from({ length: 12 }, (_, i) => ({
      type: i % 2 ? ('material' as const) : ('labor' as const),
      title: `Position ${i + 1}`,
      quantity: 2 + i,
      unitPrice: 45.5,
    })),
  });
  const scope = TenantScope.forSystem(a.id);
  const documents = t.app.get(InvoiceDocumentBuilder);
  const queues = t.app.get(DocumentQueues);
  const detail = await t.app.get(InvoicesService).detail(scope, inv.id);
  const document = documents.invoiceDocument(await documents.context(scope, inv.customer_id), detail);

  const renderMs: number[] = [];
  const roundTripMs: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const started = performance.now();
    const result = await queues.renderPdf({ kind: 'invoice', document }, { timeoutMs: 60_000 });
    const elapsed = performance.now() - started;
    if (i >= WARMUP) {
      renderMs.push(result.renderMs);
      roundTripMs.push(elapsed);
    }
  }
  const downloadMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await t.http().get(`/api/invoices/${inv.id}/download`).set(bearer(a.backoffice));
    expect(res.status).toBe(200);
    downloadMs.push(performance.now() - started);
  }
  console.log(
    `invoice PDF (12 lines + QR bill), ${ROUNDS} rounds: worker render median ${median(renderMs).toFixed(0)} ms, ` +
      `queue round trip median ${median(roundTripMs).toFixed(0)} ms, GET /invoices/{id}/download median ${median(downloadMs).toFixed(0)} ms`,
  );
});

it(`camt.054 import of ${ENTRIES} entries`, async () => {
  const c = await createCompany(t);
  const cust = (await addCustomer(t, c.id)).customerId;
  // 1,000 sent invoices of 100.00 with known QR references (inserted in bulk).
  const refs = Array.from({ length: ENTRIES }, (_, i) => makeQrr(`888${String(i + 1).padStart(8, '0')}`));
  await t.dataSource.query(
    `INSERT INTO invoices (company_id, invoice_number, customer_id, customer_name, status, invoice_date, due_date,
       vat_rate, subtotal, vat_amount, total_before_rounding, rounding, total_amount, qrr_reference, scor_reference)
     SELECT $1, 'B-2026-' || lpad(g::text, 5, '0'), $2, 'Bench AG', 'sent', current_date, current_date + 30,
       0, 100, 0, 100, 0, 100, ($3::text[])[g], 'RF00BENCH' || g
     FROM generate_series(1, $4::int) g`,
    [c.id, cust, refs, ENTRIES],
  );
  const camtFile = (references: string[], prefix: string) => {
    const tx = references
      .map(
        (ref, i) => `<TxDtls><Refs><AcctSvcrRef>${prefix}-TX-${i + 1}</AcctSvcrRef></Refs><Amt Ccy="CHF">100.00</Amt>
<CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Nm>Debitor ${i + 1}</Nm></Dbtr></RltdPties>
<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>${prefix}-1</MsgId><CreDtTm>2026-03-10T22:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>${prefix}-N-1</Id><CreDtTm>2026-03-10T22:00:00</CreDtTm><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
<Ntry><Amt Ccy="CHF">${references.length * 100}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-03-10</Dt></BookgDt><AcctSvcrRef>${prefix}-NTRY-1</AcctSvcrRef>
<NtryDtls><Btch><NbOfTxs>${references.length}</NbOfTxs></Btch>
${tx}
</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
  };
  const xml = camtFile(refs, 'BENCH');
  const importFile = async (file: string) => {
    const started = performance.now();
    const res = await t
      .http()
      .post('/api/invoices/payments/import')
      .set(bearer(c.admin))
      .attach('file', Buffer.from(file), 'bench.xml');
    expect(res.status).toBe(200);
    return { body: res.body, ms: performance.now() - started };
  };
  const load = loadavg()[0]!.toFixed(1);

  const first = await importFile(xml);
  expect(first.body.matched).toHaveLength(ENTRIES);
  const events = await t.dataSource.query(
    `SELECT count(*) AS n FROM outbox_events WHERE company_id = $1 AND type = 'billing.invoice.paid'`,
    [c.id],
  );
  expect(Number(events[0].n)).toBe(ENTRIES);
  const again = await importFile(xml);
  expect(again.body.duplicates).toHaveLength(ENTRIES);
  const unknownRefs = Array.from({ length: ENTRIES }, (_, i) => makeQrr(`889${String(i + 1).padStart(8, '0')}`));
  const unknown = await importFile(camtFile(unknownRefs, 'BENCH-UNKNOWN'));
  expect(unknown.body.unmatched).toHaveLength(ENTRIES);
  console.log(
    `camt.054 import, ${ENTRIES} entries (${(xml.length / 1024).toFixed(0)} KB), load average ${load}: ` +
      `all booked ${first.ms.toFixed(0)} ms, same file again (all duplicates) ${again.ms.toFixed(0)} ms, ` +
      `${ENTRIES} unknown references (all kept unmatched) ${unknown.ms.toFixed(0)} ms`,
  );
});
