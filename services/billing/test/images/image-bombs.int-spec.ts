import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_PDF_RENDER, type QuoteDto } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { cpuTimer, pngDataUrl as dataUrl, zeroPng } from '@zunft/nest-common/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { QuoteDocumentBuilder } from '../../src/quotes/quote-document.builder.js';
import { checkImage, checkSignaturePng } from '../../src/reports/report-image.js';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';
import { addCustomer, bearer, createCompany, createQuote, markSent, type Company } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { CHROMIUM_PATH, testLogger } from '../worker/support.js';

/**
 * Issue 25, image bombs: the header is read before any pixel is decoded (40 MP cap, German 400),
 * what is kept for documents is re-encoded, and a quote signed with a hostile signature renders
 * its PDF like any other.
 */

let t: TestApp;
let worker: RunningWorker;
let a: Company;
let customerId: string;

/** 8000×8000 greyscale zeros: 64 MP in ~62 KB. */
const BOMB = zeroPng(8000, 8000);
const TOO_MANY_PIXELS = 'Das Bild hat zu viele Pixel (höchstens 40 Megapixel).';

/** A legitimate signature drawn on a large canvas: 3000×1000, transparent, a black stroke. */
async function bigSignature(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="1000"><path d="M100 800 C 800 100, 1500 900, 2900 200" stroke="#000" stroke-width="12" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A noisy 6000×4000 JPEG (24 MP, a phone photo's size). */
async function bigPhoto(): Promise<Buffer> {
  const w = 600;
  const h = 400;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(6000, 4000, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Auth's logo route as billing fetches it (AUTH_URL + the logo's path), serving a bomb and a large logo. */
const BOMB_LOGO = '/api/companies/logo/0123456789abcdef0123456789abcdef.png';
const BIG_LOGO = '/api/companies/logo/fedcba9876543210fedcba9876543210.png';
let logoServer: Server;

beforeAll(async () => {
  const big = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const files: Record<string, Buffer> = { [BOMB_LOGO]: BOMB, [BIG_LOGO]: big };
  logoServer = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end(file);
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ authUrl: `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}` });
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  a = await createCompany(t, { name: 'Malerei Farbe AG' });
  customerId = (await addCustomer(t, a.id, { name: 'Familie Brunner', language: 'de' })).customerId;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await new Promise<void>((resolve) => (logoServer ? logoServer.close(() => resolve()) : resolve()));
});

async function sentQuote() {
  const quote = await createQuote(t, a.admin, customerId, { title: 'Fassade streichen' });
  return { quote, token: await markSent(t, quote.id) };
}

const acceptBody = (signature: string) => ({
  name: 'Eva Brunner',
  email: 'eva@brunner.test',
  signature,
  consent: true,
});

describe('public quote acceptance with a hostile signature', () => {
  it('an 8000×8000 PNG bomb (62 KB) is refused with a German 400 before decoding; the quote stays open', async () => {
    expect(BOMB.length).toBeLessThan(100_000);
    const { quote, token } = await sentQuote();
    const res = await t
      .http()
      .post(`/api/quote-acceptance/${token}/accept`)
      .send(acceptBody(dataUrl(BOMB)));
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'image_too_many_pixels' });
    expect(res.body.error ?? res.body.message).toBe(TOO_MANY_PIXELS);
    const office = await t.http().get(`/api/quotes/${quote.id}`).set(bearer(a.admin));
    expect(office.body).toMatchObject({ status: 'sent', has_signature: false });
  });

  it('a large legitimate signature is stored shrunk (≤ 1200 px PNG) and the PDF renders quickly', async () => {
    const { quote, token } = await sentQuote();
    const signature = await bigSignature();
    const res = await t
      .http()
      .post(`/api/quote-acceptance/${token}/accept`)
      .send(acceptBody(dataUrl(signature)));
    expect(res.status).toBe(200);
    const stored = await t.http().get(`/api/quotes/${quote.id}/signature`).set(bearer(a.admin));
    const meta = await sharp(Buffer.from(stored.body)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 1200,
      height: 400,
    });
    const started = Date.now();
    const pdf = await t.http().get(`/api/quotes/${quote.id}/pdf`).set(bearer(a.admin));
    expect(pdf.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(20_000); // within the worker's render limit (LIMITS.pdfWaits), on a busy machine too
  });

  it('a bomb stored before the check (raw in the row) is left out of the PDF, which renders like any other', async () => {
    const { quote } = await sentQuote();
    await t.dataSource.query(
      `UPDATE quotes SET status = 'accepted', accepted_at = now(), accepted_by_name = 'Eva Brunner', signature_png = $2 WHERE id = $1`,
      [quote.id, BOMB],
    );
    // The document handed to the renderer carries no image for it (name and time still printed).
    const dto = (await t.http().get(`/api/quotes/${quote.id}`).set(bearer(a.admin))).body as QuoteDto;
    const document = await t.app.get(QuoteDocumentBuilder).build(TenantScope.forSystem(a.id), dto);
    expect(document.signature).toMatchObject({ name: 'Eva Brunner', image_data_url: null });
    const pdf = await t.http().get(`/api/quotes/${quote.id}/pdf`).set(bearer(a.admin));
    expect(pdf.status).toBe(200);
  });

  it('not a PNG (a JPEG named as one) is still a German 400 signature_invalid', async () => {
    const { token } = await sentQuote();
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const res = await t
      .http()
      .post(`/api/quote-acceptance/${token}/accept`)
      .send(acceptBody(dataUrl(jpeg)));
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'signature_invalid' });
  });
});

describe('company logo fetched for documents', () => {
  it('a bomb as logo: the PDF renders without it; a large logo is cached re-encoded at 1000 px', async () => {
    for (const [file, cachedWidth] of [
      [BOMB_LOGO, null],
      [BIG_LOGO, 1000],
    ] as const) {
      const company = await createCompany(t, { name: `Logo ${file}`, logoUrl: file });
      const customer = (await addCustomer(t, company.id, { name: 'Familie Brunner' })).customerId;
      const quote = await createQuote(t, company.admin, customer, { title: 'Fassade' });
      const started = Date.now();
      const pdf = await t.http().get(`/api/quotes/${quote.id}/pdf`).set(bearer(company.admin));
      expect(pdf.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(20_000); // within the worker's render limit (LIMITS.pdfWaits), on a busy machine too
      const rows: { data: Buffer }[] = await t.dataSource.query(
        `SELECT data FROM company_logos WHERE company_id = $1`,
        [company.id],
      );
      const width = rows[0] ? (await sharp(rows[0].data).metadata()).width : null;
      expect({ file, width }).toEqual({ file, width: cachedWidth });
    }
  });
});

describe('report photos and signatures', () => {
  it('a photo over 40 MP by its header is a German 400 (the 8000×8000 PNG, never decoded)', async () => {
    const huge = BOMB;
    await expect(checkImage({ originalname: 'foto.png', size: huge.length, buffer: huge })).rejects.toMatchObject({
      status: 400,
      code: 'image_too_many_pixels',
      message: TOO_MANY_PIXELS,
    });
  });

  it('a large legitimate photo (6000×4000 JPEG) is re-encoded quickly: 1200 px print, 320 px thumbnail', async () => {
    const photo = await bigPhoto();
    // CPU time of the process (libvips' threads included), not wall time: the machine may be busy.
    const cpu = cpuTimer();
    const image = await checkImage({ originalname: 'baustelle.jpg', size: photo.length, buffer: photo });
    expect(cpu()).toBeLessThan(4000);
    const print = await sharp(image.print!).metadata();
    const thumbnail = await sharp(image.thumbnail!).metadata();
    expect([print.format, print.width, print.height]).toEqual(['jpeg', 1200, 800]);
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['jpeg', 320, 213]);
  });

  it('the report signature: bomb → German 400, a big one is re-encoded to ≤ 1200 px', async () => {
    await expect(checkSignaturePng(dataUrl(BOMB))).rejects.toMatchObject({
      status: 400,
      code: 'image_too_many_pixels',
    });
    const png = await checkSignaturePng(dataUrl(await bigSignature()));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 400]);
  });
});
