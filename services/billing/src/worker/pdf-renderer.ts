import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { LIMITS } from '@zunft/contracts';
import { PAGE_MARGIN_MM, type RenderableDocument } from '../documents/index.js';
import { countPdfPages } from './pdf-page-count.js';
import { browserRestarts, pdfRenderDuration } from './worker-metrics.js';

export interface PdfRendererOptions {
  executablePath: string;
  /** Pages rendered in parallel (each a tab of the one browser). */
  poolSize: number;
  /** Relaunch the browser after this many renders (keeps memory in check). */
  recycleAfter: number;
  logger: Logger;
  /** Per-render timeout. Default LIMITS.pdfWaits.renderMs (20 s). */
  renderTimeoutMs?: number;
}

export interface RenderedPdfBuffer {
  pdf: Buffer;
  pages: number;
}

/** One browser process with its pages; retired after `recycleAfter` renders or when it dies. */
interface Generation {
  id: number;
  browser: Browser;
  userDataDir: string;
  idlePages: Page[];
  renders: number;
  inFlight: number;
  retiring: boolean;
  closed: Promise<void> | null;
}

const mm = (value: number) => `${value}mm`;

/**
 * Renders document HTML to PDF with one warm Chromium (puppeteer-core, system browser). Documents
 * run with JavaScript disabled and every request except data: URLs aborted, so user text can
 * never make the renderer fetch anything. The browser is recycled after N renders and relaunched
 * when it disconnects; `close()` waits for running renders and leaves no Chromium process behind.
 */
export class PdfRenderer {
  private generation: Generation | null = null;
  private launching: Promise<Generation> | null = null;
  private readonly retired = new Set<Generation>();
  private nextId = 1;
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  private closing = false;
  /** Renders done with the current and earlier browsers (for logs/tests). */
  renderCount = 0;
  launchCount = 0;
  /** Profile directories of every browser this renderer started (to look for leftover processes). */
  readonly usedUserDataDirs: string[] = [];

  constructor(private readonly options: PdfRendererOptions) {}

  /** Launches the browser now (the worker warms it at start so the first render is fast). */
  async warmUp(): Promise<void> {
    await this.currentGeneration();
  }

  async render(doc: RenderableDocument): Promise<RenderedPdfBuffer> {
    if (this.closing) throw new Error('PDF renderer is shutting down');
    await this.acquireSlot();
    const timer = pdfRenderDuration.startTimer();
    let generation: Generation | null = null;
    let page: Page | null = null;
    let pageHealthy = false;
    try {
      generation = await this.currentGeneration();
      generation.inFlight += 1;
      generation.renders += 1;
      if (generation.renders >= this.options.recycleAfter) generation.retiring = true;
      page = generation.idlePages.pop() ?? (await this.newPage(generation.browser));
      const pdf = await withTimeout(
        this.print(page, doc),
        this.options.renderTimeoutMs ?? LIMITS.pdfWaits.renderMs,
        'PDF render',
      );
      pageHealthy = true;
      this.renderCount += 1;
      const rendered = { pdf, pages: countPdfPages(pdf) };
      timer({ outcome: 'ok' });
      return rendered;
    } catch (error) {
      timer({ outcome: 'error' });
      throw error;
    } finally {
      if (generation) {
        generation.inFlight -= 1;
        if (page) {
          if (pageHealthy && !generation.retiring && generation.browser.connected) generation.idlePages.push(page);
          else await page.close().catch(() => undefined);
        }
        if (!pageHealthy && generation === this.generation && !generation.browser.connected) generation.retiring = true;
        if (generation.retiring) this.retire(generation);
      }
      this.releaseSlot();
    }
  }

  /** Waits for running renders, then closes every browser (and its process tree). */
  async close(): Promise<void> {
    this.closing = true;
    while (this.active > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    if (this.launching) await this.launching.catch(() => undefined);
    if (this.generation) this.retire(this.generation);
    await Promise.all([...this.retired].map((generation) => generation.closed));
  }

  /** PIDs of the running browser processes (tests check that none survives close()). */
  browserPids(): number[] {
    const all = [this.generation, ...this.retired].filter((g): g is Generation => g !== null);
    return all.map((g) => g.browser.process()?.pid).filter((pid): pid is number => typeof pid === 'number');
  }

  private async print(page: Page, doc: RenderableDocument): Promise<Buffer> {
    await page.setContent(doc.html, {
      waitUntil: 'load',
      timeout: this.options.renderTimeoutMs ?? LIMITS.pdfWaits.renderMs,
    });
    const bytes = await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: {
        top: mm(PAGE_MARGIN_MM.top),
        right: mm(PAGE_MARGIN_MM.right),
        bottom: mm(PAGE_MARGIN_MM.bottom),
        left: mm(PAGE_MARGIN_MM.left),
      },
      displayHeaderFooter: Boolean(doc.footerHtml),
      headerTemplate: '<span></span>',
      footerTemplate: doc.footerHtml ?? '<span></span>',
    });
    return Buffer.from(bytes);
  }

  private async newPage(browser: Browser): Promise<Page> {
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      const url = request.url();
      // The document itself arrives by setContent; images are inlined as data: URLs. Nothing else loads.
      if (url.startsWith('data:') || url === 'about:blank') {
        void request.continue().catch(() => undefined);
      } else {
        this.options.logger.warn({ url: url.slice(0, 200) }, 'pdf-render: blocked a request from a document');
        void request.abort('blockedbyclient').catch(() => undefined);
      }
    });
    return page;
  }

  private async currentGeneration(): Promise<Generation> {
    const current = this.generation;
    if (current && !current.retiring && current.browser.connected) return current;
    if (current) this.retire(current);
    if (!this.launching) {
      this.launching = this.launch().finally(() => {
        this.launching = null;
      });
    }
    return this.launching;
  }

  private async launch(): Promise<Generation> {
    const started = Date.now();
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'zunft-pdf-chromium-'));
    this.usedUserDataDirs.push(userDataDir);
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: this.options.executablePath,
        headless: true,
        pipe: true,
        userDataDir,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        args: [
          '--no-sandbox',
          '--disable-dev-shm-usage',
          '--disable-gpu',
          '--disable-extensions',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-default-apps',
          '--disable-sync',
          '--no-first-run',
          '--no-default-browser-check',
          '--mute-audio',
          '--font-render-hinting=none',
        ],
      });
    } catch (error) {
      await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
    const generation: Generation = {
      id: this.nextId++,
      browser,
      userDataDir,
      idlePages: [],
      renders: 0,
      inFlight: 0,
      retiring: false,
      closed: null,
    };
    browser.on('disconnected', () => {
      if (!generation.retiring) {
        this.options.logger.warn(
          { browser: generation.id },
          'pdf-render: browser disconnected, relaunching on next job',
        );
        this.retire(generation);
      }
    });
    this.launchCount += 1;
    if (this.launchCount > 1) browserRestarts.inc();
    this.generation = generation;
    this.options.logger.info(
      { browser: generation.id, browserPid: browser.process()?.pid, ms: Date.now() - started },
      'pdf-render: browser launched',
    );
    return generation;
  }

  /** Takes a browser out of service; closes it as soon as no render uses it any more. */
  private retire(generation: Generation): void {
    generation.retiring = true;
    if (this.generation === generation) this.generation = null;
    this.retired.add(generation);
    if (generation.inFlight > 0 || generation.closed) return;
    generation.closed = this.shutdown(generation).finally(() => this.retired.delete(generation));
  }

  private async shutdown(generation: Generation): Promise<void> {
    const { browser } = generation;
    const child = browser.process();
    try {
      await withTimeout(browser.close(), 5000, 'browser close');
    } catch (error) {
      this.options.logger.warn(
        { browser: generation.id, err: (error as Error).message },
        'pdf-render: killing browser',
      );
    }
    // Make sure the whole process group is gone (puppeteer starts Chromium detached, as its own group).
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
    }
    await rm(generation.userDataDir, { recursive: true, force: true }).catch(() => undefined);
    this.options.logger.info({ browser: generation.id, renders: generation.renders }, 'pdf-render: browser closed');
  }

  private async acquireSlot(): Promise<void> {
    while (this.active >= this.options.poolSize) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.active += 1;
  }

  private releaseSlot(): void {
    this.active -= 1;
    this.waiters.shift()?.();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
