import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOB_RENDER_PDF, QUEUE_PDF_RENDER, type QuoteDocument } from '@zunft/contracts';
import { Queue } from 'bullmq';
import { DocumentQueues } from '../../src/queues/document-queues.js';
import { WORKER_UNAVAILABLE_MESSAGE, WorkerUnavailableError } from '../../src/queues/queues.errors.js';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { PdfRenderer } from '../../src/worker/pdf-renderer.js';
import { leftoverBrowserProcesses } from '../../src/worker/process-check.js';
import { startWorker, type RunningWorker } from '../../src/worker/start-worker.js';
import { SAMPLE_SIGNATURE, sampleQuote } from './fixtures.js';
import {
  CHROMIUM_PATH,
  REDIS_URL,
  eventually,
  median,
  pdfText,
  pdfinfoPages,
  removeQueues,
  startCountingHttpServer,
  testLogger,
  uniquePrefix,
} from './support.js';

const prefix = uniquePrefix('pdf');
let worker: RunningWorker;
let queues: DocumentQueues;

const render = (document: QuoteDocument) => queues.renderPdf({ kind: 'quote', document }, { timeoutMs: 20_000 });

beforeAll(async () => {
  worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 2,
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

describe('pdf-render: quote documents', () => {
  it('renders a short quote through queue → worker → result on one page with number, customer and total', async () => {
    const result = await render(sampleQuote());

    expect(result.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.pages).toBe(1);
    expect(await pdfinfoPages(result.pdf)).toBe(1);
    const text = await pdfText(result.pdf);
    expect(text).toContain('Angebot AN-2025-0042');
    expect(text).toContain('Hans Müller');
    expect(text).toContain("CHF 3'246.40");
    expect(text).toContain("1'198.05");
    expect(text).toContain('07.03.2025');
    expect(text).toContain('06.04.2025');
    expect(text).toContain('MWST-Nr. CHE-123.456.789 MWST');
    expect(text).toMatch(/Rabatt 5 %\s+-154.90/);
    expect(text).toMatch(/MWST 8.1 %\s+243.26/);
    expect(text).toContain('Seite 1 von 1');
  });

  it.each([
    ['fr', 'Offre AN-2025-0042', ['Sous-total', 'TVA 8.1 %', 'N° TVA', 'Valable jusqu’au', 'Page 1 sur 1']],
    ['it', 'Offerta AN-2025-0042', ['Subtotale', 'IVA 8.1 %', 'N. IVA', 'Valida fino al', 'Pagina 1 di 1']],
  ] as const)('prints the document in the customer language (%s)', async (language, title, words) => {
    const result = await render(sampleQuote({ language }));
    const text = await pdfText(result.pdf);
    expect(text).toContain(title);
    for (const word of words) expect(text).toContain(word);
    expect(text).toContain("CHF 3'246.40");
  });

  it('prints the acceptance with name and date when the quote is signed', async () => {
    const result = await render(
      sampleQuote({
        signature: {
          name: 'Erika Müller',
          email: null,
          signed_at: '2025-03-10T23:30:00Z',
          image_data_url: SAMPLE_SIGNATURE,
        },
      }),
    );
    expect(result.pages).toBe(1);
    // 23:30 UTC is already the 11th in Zurich.
    expect(await pdfText(result.pdf)).toContain('Angenommen von Erika Müller am 11.03.2025');
  });

  it('prints HTML in user text as text and fetches nothing', async () => {
    const http = await startCountingHttpServer();
    try {
      const img = `<img src=http://127.0.0.1:${http.port}/x>`;
      const result = await render(
        sampleQuote(
          {
            customer: {
              name: '<script>alert(1)</script>',
              address: `${img}\n8000 Zürich`,
              email: null,
              language: 'de',
            },
          },
          {
            title: `<link rel="stylesheet" href="http://127.0.0.1:${http.port}/style.css">`,
            notes: `<iframe src="http://127.0.0.1:${http.port}/frame"></iframe>`,
            items: [
              {
                type: 'other',
                title: img,
                description: '"><img src=x onerror=alert(1)>',
                quantity: 1,
                unit: 'Stk',
                unit_price: 10,
                total_price: 10,
              },
            ],
          },
        ),
      );
      const text = await pdfText(result.pdf);
      expect(text).toContain('<script>alert(1)</script>');
      expect(text).toContain(`<img src=http://127.0.0.1:${http.port}/x>`);
      expect(text).toContain(`<iframe src="http://127.0.0.1:${http.port}/frame"></iframe>`);
      expect(text).toContain('"><img src=x onerror=alert(1)>');
      expect(http.requests).toEqual([]);

      // Even raw HTML that was never escaped (and has no CSP) cannot load anything or run scripts:
      // JavaScript is off and every request but data: URLs is aborted. A fresh renderer, so no
      // page of it ever held a document with our CSP.
      const fresh = new PdfRenderer({
        executablePath: CHROMIUM_PATH,
        poolSize: 1,
        recycleAfter: 10,
        logger: testLogger,
      });
      try {
        const raw = await fresh.render({
          filename: 'raw.pdf',
          html: `<html><body><p>roh</p><img src="http://127.0.0.1:${http.port}/raw-img">
            <link rel="stylesheet" href="http://127.0.0.1:${http.port}/raw.css">
            <iframe src="http://127.0.0.1:${http.port}/raw-frame"></iframe>
            <script>fetch('http://127.0.0.1:${http.port}/raw-fetch'); document.body.append('SCRIPT-RAN')</script></body></html>`,
        });
        const rawText = await pdfText(raw.pdf);
        expect(rawText).toContain('roh');
        expect(rawText).not.toContain('SCRIPT-RAN');
      } finally {
        await fresh.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(http.requests).toEqual([]);
    } finally {
      await http.close();
    }
  });

  it('lays out a long quote on several pages with page numbers', async () => {
    const items = Array.from({ length: 45 }, (_, i) => ({
      type: 'material' as const,
      title: `Position ${i + 1}`,
      description: 'Beschreibung der Position mit etwas Text',
      quantity: 2,
      unit: 'Stk',
      unit_price: 1000,
      total_price: 2000,
    }));
    const result = await render(sampleQuote({}, { items }));
    const pages = await pdfinfoPages(result.pdf);
    expect(pages).toBeGreaterThan(1);
    expect(result.pages).toBe(pages);
    expect(await pdfText(result.pdf)).toContain(`Seite ${pages} von ${pages}`);
  });

  it('measures the render time with a warm browser (median of 5)', async () => {
    await render(sampleQuote());
    const roundTrips: number[] = [];
    const renders: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const result = await render(sampleQuote());
      roundTrips.push(performance.now() - started);
      renders.push(result.renderMs);
    }
    const summary = `PDF render, warm browser, median of 5: ${median(renders).toFixed(0)} ms in the worker, ${median(roundTrips).toFixed(0)} ms queue round trip (renders ${renders.join('/')} ms)`;
    process.stdout.write(`\n${summary}\n\n`);
    expect(median(roundTrips)).toBeLessThan(5000);
  });

  it('keeps a malformed job in the failed set with its error (no retries)', async () => {
    const queue = new Queue(QUEUE_PDF_RENDER, { connection: redisConnection(REDIS_URL), prefix });
    try {
      const job = await queue.add(JOB_RENDER_PDF, { kind: 'quote', document: { language: 'en' } });
      const failed = await eventually(
        async () => ((await job.getState()) === 'failed' ? true : undefined),
        10_000,
        'failed job',
      );
      expect(failed).toBe(true);
      const stored = await queue.getJob(job.id as string);
      expect(stored?.failedReason).toMatch(/Invalid pdf-render job/);
      expect(stored?.attemptsMade).toBe(1);
      expect((await queue.getFailed()).map((j) => j.id)).toContain(job.id);
    } finally {
      await queue.close();
    }
  });
});

describe('pdf-render: browser lifecycle', () => {
  it('relaunches the browser when it dies', async () => {
    const pid = worker.renderer!.browserPids()[0];
    expect(pid).toBeDefined();
    const launches = worker.renderer!.launchCount;
    process.kill(-pid!, 'SIGKILL');
    await eventually(() => (worker.renderer!.browserPids().includes(pid!) ? undefined : true), 5000, 'browser gone');
    const result = await render(sampleQuote());
    expect(result.pages).toBe(1);
    expect(worker.renderer!.launchCount).toBe(launches + 1);
  });

  it('recycles the browser after N renders and leaves no Chromium process after close', async () => {
    const ownPrefix = uniquePrefix('pdf-recycle');
    const recycling = await startWorker({
      redisUrl: REDIS_URL,
      prefix: ownPrefix,
      queues: [QUEUE_PDF_RENDER],
      chromiumPath: CHROMIUM_PATH,
      pdfPoolSize: 2,
      pdfRecycleAfter: 2,
      logger: testLogger,
    });
    const ownQueues = new DocumentQueues({ redisUrl: REDIS_URL, prefix: ownPrefix });
    try {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          // generous: three browser launches on a loaded 2-core machine
          ownQueues.renderPdf({ kind: 'quote', document: sampleQuote() }, { timeoutMs: 60_000 }),
        ),
      );
      expect(results.every((r) => r.pages === 1)).toBe(true);
      expect(recycling.renderer!.renderCount).toBe(5);
      expect(recycling.renderer!.launchCount).toBeGreaterThanOrEqual(3);
    } finally {
      await ownQueues.close();
      await recycling.close();
      await removeQueues(ownPrefix);
    }
    expect(recycling.renderer!.browserPids()).toEqual([]);
    expect(leftoverBrowserProcesses(recycling.renderer!.usedUserDataDirs)).toEqual([]);
  }, 120_000);

  it('finishes a running render on shutdown, then closes the browser', async () => {
    const ownPrefix = uniquePrefix('pdf-shutdown');
    const stopping = await startWorker({
      redisUrl: REDIS_URL,
      prefix: ownPrefix,
      queues: [QUEUE_PDF_RENDER],
      chromiumPath: CHROMIUM_PATH,
      logger: testLogger,
    });
    const ownQueues = new DocumentQueues({ redisUrl: REDIS_URL, prefix: ownPrefix });
    try {
      const pending = ownQueues.renderPdf({ kind: 'quote', document: sampleQuote() }, { timeoutMs: 20_000 });
      await eventually(
        async () => ((await ownQueues.queues.pdf.getActiveCount()) > 0 ? true : undefined),
        10_000,
        'active job',
      );
      const closed = stopping.close();
      const result = await pending;
      await closed;
      expect(result.pages).toBe(1);
      expect(leftoverBrowserProcesses(stopping.renderer!.usedUserDataDirs)).toEqual([]);
    } finally {
      await ownQueues.close();
      await stopping.close();
      await removeQueues(ownPrefix);
    }
  }, 60_000);
});

describe('pdf-render: no worker', () => {
  it('answers WorkerUnavailableError with the German message when no worker renders in time', async () => {
    const ownPrefix = uniquePrefix('pdf-none');
    const lonely = new DocumentQueues({ redisUrl: REDIS_URL, prefix: ownPrefix });
    try {
      const error = await lonely
        .renderPdf({ kind: 'quote', document: sampleQuote() }, { timeoutMs: 700 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkerUnavailableError);
      expect((error as Error).message).toBe(WORKER_UNAVAILABLE_MESSAGE);
      expect((error as WorkerUnavailableError).status).toBe(503);
      // The abandoned job is removed so a worker starting later does not render it for nobody.
      expect(await lonely.queues.pdf.getWaitingCount()).toBe(0);
    } finally {
      await lonely.close();
      await removeQueues(ownPrefix);
    }
  });
});
