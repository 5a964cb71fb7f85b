// Benchmark, run by hand (not part of npm test; testMatch does not pick up *.bench.ts):
//
//   cd services/billing && NODE_OPTIONS=--experimental-vm-modules \
//     npx jest --testMatch '**/test/bench/*.bench.ts' --testTimeout 600000 test/bench/image-bomb.bench.ts
//
// Issue 25, image bombs: the quote PDF (GET /quotes/{id}/pdf, real API + worker + Chromium) with
//  1. a small signature (1×1 PNG),
//  2. the 62 KB 8000×8000 PNG stored as it came (what the public acceptance did before: magic
//     bytes only), written into the row directly since the API now refuses it,
//  3. what the API stores now for the largest signature it accepts: re-encoded to ≤ 1200 px.
// Prints the round trip and the peak resident memory of the worker's Chromium (RSS summed over all
// processes below this one, shared pages counted per process, sampled every 50 ms) and its growth
// during the render, and how long the API takes to refuse the bomb. The bomb runs last: Chromium
// keeps what it grew.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { QUEUE_PDF_RENDER } from '@zunft/contracts';
import { pngDataUrl, zeroPng } from '@zunft/nest-common/testing';
import { readFileSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';
import { addCustomer, bearer, createCompany, createQuote, markSent, type Company } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { CHROMIUM_PATH, testLogger } from '../worker/support.js';

let t: TestApp;
let worker: RunningWorker;
let a: Company;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp({ pdfTimeoutMs: 120_000 });
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  a = await createCompany(t, { name: 'Malerei Farbe AG' });
  customerId = (await addCustomer(t, a.id, { name: 'Familie Brunner' })).customerId;
}, 120_000);
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** Resident memory (KiB) of every process below this one (the worker's Chromium). */
function childrenRssKib(): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      rss.set(Number(name), (Number(fields[21]) * 4096) / 1024);
    } catch {
      // gone
    }
  }
  let total = 0;
  for (const [pid, kib] of rss) {
    for (let p = parent.get(pid); p; p = parent.get(p)) {
      if (p === process.pid) {
        total += kib;
        break;
      }
    }
  }
  return total;
}

async function renderWith(
  signature: Buffer,
): Promise<{ ms: number; peakMib: number; growthMib: number; status: number }> {
  const quote = await createQuote(t, a.admin, customerId, { title: 'Fassade' });
  await markSent(t, quote.id);
  await t.dataSource.query(
    `UPDATE quotes SET status = 'accepted', accepted_at = now(), accepted_by_name = 'Eva', accepted_by_email = 'eva@x.test', signature_png = $2 WHERE id = $1`,
    [quote.id, signature],
  );
  const before = childrenRssKib();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, childrenRssKib())), 50);
  const started = Date.now();
  const res = await t.http().get(`/api/quotes/${quote.id}/pdf`).set(bearer(a.admin));
  const ms = Date.now() - started;
  clearInterval(timer);
  return { ms, peakMib: Math.round(peak / 1024), growthMib: Math.round((peak - before) / 1024), status: res.status };
}

it('quote PDF with a hostile signature: before and after', async () => {
  const small = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const bomb = zeroPng(8000, 8000);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="2000"><path d="M100 1800 C 1600 100, 3000 1900, 5900 300" stroke="#000" stroke-width="20" fill="none"/></svg>`;
  const large = await sharp(Buffer.from(svg)).png().toBuffer();
  const reencoded = await sharp(large).resize(1200, 1200, { fit: 'inside' }).png().toBuffer();

  await renderWith(small); // warm-up
  const rows: Record<string, unknown>[] = [];
  for (const [name, png] of [
    ['1×1 signature', small],
    ['6000×2000 signature re-encoded to 1200×400 (after)', reencoded],
    ['8000×8000 bomb, stored raw (before)', bomb],
  ] as const) {
    const r = await renderWith(png);
    rows.push({
      case: name,
      bytes: png.length,
      status: r.status,
      ms: r.ms,
      chromiumPeakMiB: r.peakMib,
      growthMiB: r.growthMib,
    });
  }
  const quote = await createQuote(t, a.admin, customerId, { title: 'Fassade' });
  const token = await markSent(t, quote.id);
  const started = Date.now();
  const refused = await t
    .http()
    .post(`/api/quote-acceptance/${token}/accept`)
    .send({ name: 'Eva', email: 'eva@x.test', signature: pngDataUrl(bomb), consent: true });
  rows.push({ case: 'API: accept with the bomb (now)', status: refused.status, ms: Date.now() - started });
  console.table(rows);
  expect(refused.status).toBe(400);
});
