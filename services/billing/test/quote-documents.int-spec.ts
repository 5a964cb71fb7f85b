import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DocumentQueues } from '../src/queues/index.js';
import { type RunningWorker } from '../src/worker/index.js';
import {
  PNG_DATA_URL,
  addCustomer,
  bearer,
  createCompany,
  createQuote,
  outboxEvents,
  type Company,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  decodeQuotedPrintable,
  eventually,
  mimeParts,
  pdfText,
  startSmtpServer,
  startDocumentWorker,
} from './worker/support.js';

/** GET /quotes/:id/pdf and POST /quotes/:id/send with the real billing worker (Chromium, SMTP). */

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Company;

const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = await startDocumentWorker(t.config, smtp.url);
  a = await createCompany(t, { name: 'Gipserei Weiss AG' });
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await smtp?.close();
  await t?.close();
});

describe('quote PDF', () => {
  it('GET /quotes/:id/pdf: application/pdf as attachment Angebot-<number>.pdf with the quote in it', async () => {
    const cust = await addCustomer(t, a.id, { name: 'Wohnbau Genossenschaft' });
    const q = await createQuote(t, a.admin, cust.customerId, { title: 'Decken verputzen' });
    const res = await t.http().get(`/api/quotes/${q.id}/pdf`).set(bearer(a.backoffice)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Angebot-${q.quote_number}.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(q.quote_number);
    expect(text).toContain('Decken verputzen');
    expect(text).toContain('Wohnbau Genossenschaft');
    expect(text).toContain('Gipserei Weiss AG');
    expect(text).toContain('Gültig bis');
  });

  it('is written in the customer language: French and Italian headings, no German ones', async () => {
    for (const [language, heading, validUntil] of [
      ['fr', 'Offre', 'Valable jusqu’au'],
      ['it', 'Offerta', 'Valida fino al'],
    ] as const) {
      const cust = await addCustomer(t, a.id, { name: `Client ${language}`, language });
      const q = await createQuote(t, a.admin, cust.customerId, { title: `Plâtrerie ${language}` });
      const res = await t.http().get(`/api/quotes/${q.id}/pdf`).set(bearer(a.admin)).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      const text = await pdfText(res.body as Buffer);
      expect(text).toContain(heading);
      expect(text).toContain(validUntil);
      expect(text).not.toContain('Gültig bis');
      expect(text).not.toContain('Bezeichnung');
    }
  });
});

describe('send a quote', () => {
  it('e-mails the customer the PDF and a personal link, marks it sent (event); the link accepts; the PDF then shows the signature', async () => {
    const cust = await addCustomer(t, a.id, {
      name: 'Rossi SA',
      contactPerson: 'Marco Rossi',
      email: 'marco@rossi.test',
      language: 'it',
    });
    const q = await createQuote(t, a.admin, cust.customerId, { title: 'Tinteggiatura' });
    const res = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Angebot wurde an Rossi SA gesendet',
      sent_to: 'marco@rossi.test',
      quote: { id: q.id, status: 'sent' },
    });
    expect(res.body.quote.sent_at).toEqual(expect.any(String));
    const sent = (await outboxEvents(t, a.id)).find((e) => e.type === 'billing.quote.sent');
    expect(sent?.data).toMatchObject({ quoteId: q.id, status: 'sent', sentTo: 'marco@rossi.test' });

    const mail = await eventually(
      () => smtp.received.find((m) => m.to.includes('marco@rossi.test')),
      20_000,
      'the quote mail',
    );
    const parts = mimeParts(mail.raw);
    const textPart = parts.find((p) => /content-type:\s*text\/plain/i.test(p.headers))!;
    const text = /quoted-printable/i.test(textPart.headers) ? decodeQuotedPrintable(textPart.body) : textPart.body;
    expect(text).toContain('Buongiorno Marco Rossi');
    expect(text).not.toMatch(/Guten Tag|Grüezi/);
    const link = /http:\/\/zunft\.test\/quote-acceptance\/([A-Za-z0-9_-]{43})/.exec(text);
    expect(link).not.toBeNull();
    const attachment = parts.find((p) => /application\/pdf/i.test(p.headers))!;
    expect(attachment.headers).toContain(`Angebot-${q.quote_number}.pdf`);
    expect(Buffer.from(attachment.body.replace(/\s+/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // the token is stored only as its hash
    const [row] = await t.dataSource.query(`SELECT acceptance_token_hash FROM quotes WHERE id = $1`, [q.id]);
    expect(row.acceptance_token_hash).not.toContain(link![1]);

    const again = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
    expect(again.status).toBe(409);

    const accept = await t
      .http()
      .post(`/api/quote-acceptance/${link![1]}/accept`)
      .send({ name: 'Marco Rossi', email: 'marco@rossi.test', signature: PNG_DATA_URL, consent: true });
    expect(accept.status).toBe(200);
    const pdf = await t.http().get(`/api/quotes/${q.id}/pdf`).set(bearer(a.admin)).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.body as Buffer)).toContain('Marco Rossi');
  });
});

describe('send while someone edits the draft', () => {
  it('answers 409 and sends nothing when the quote changed during the PDF render', async () => {
    const cust = await addCustomer(t, a.id, { email: 'kunde@race.test' });
    const q = await createQuote(t, a.admin, cust.customerId);
    const queues = t.app.get(DocumentQueues);
    const original = queues.renderPdf.bind(queues);
    const spy = jest.spyOn(queues, 'renderPdf').mockImplementation(async (...args) => {
      const rendered = await original(...args);
      // another office user saves a new title while the PDF of the old one is being rendered
      await t.dataSource.query(`UPDATE quotes SET title = 'Geändert', updated_at = now() WHERE id = $1`, [q.id]);
      return rendered;
    });
    try {
      const res = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        'Das Angebot wurde während des Versands geändert und nicht versendet. Bitte prüfen und erneut senden.',
      );
    } finally {
      spy.mockRestore();
    }
    const [row] = await t.dataSource.query(`SELECT status, acceptance_token_hash FROM quotes WHERE id = $1`, [q.id]);
    expect(row).toEqual({ status: 'draft', acceptance_token_hash: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((m) => m.to.includes('kunde@race.test'))).toHaveLength(0);
    // sending again now sends the current content
    const again = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
    expect(again.status).toBe(200);
    expect(again.body.quote.title).toBe('Geändert');
  });
});

describe('without a worker', () => {
  it('PDF and send answer 503 in German; the quote stays a draft', async () => {
    const lonely = await createTestApp({ pdfTimeoutMs: 1500 });
    try {
      const c = await createCompany(lonely);
      const cust = await addCustomer(lonely, c.id);
      const q = await createQuote(lonely, c.admin, cust.customerId);
      const pdf = await lonely.http().get(`/api/quotes/${q.id}/pdf`).set(bearer(c.admin));
      expect(pdf.status).toBe(503);
      expect(pdf.body.error).toBe('Der PDF-Dienst antwortet nicht. Bitte später erneut versuchen.');
      const send = await lonely.http().post(`/api/quotes/${q.id}/send`).set(bearer(c.admin));
      expect(send.status).toBe(503);
      expect((await lonely.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).body.status).toBe('draft');
      expect((await outboxEvents(lonely, c.id)).map((e) => e.type)).not.toContain('billing.quote.sent');
    } finally {
      await lonely.close();
    }
  });
});
