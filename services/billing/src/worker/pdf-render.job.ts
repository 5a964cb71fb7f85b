import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  JOB_RENDER_PDF,
  QUEUE_PDF_RENDER,
  pdfRenderJobSchema,
  type PdfRenderJob,
  type PdfRenderResult,
} from '@zunft/contracts';
import type { Logger } from 'pino';
import { buildDocument } from '../documents/index.js';
import { JobHandler, type JobHandlerInstance } from '../jobs/index.js';
import { PdfRenderer } from './pdf-renderer.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
import { WORKER_LOGGER, WORKER_OPTIONS } from './worker-tokens.js';

/** `pdf-render`: build the document's HTML by its kind (documents/document-kinds.ts), print it with Chromium. */
@JobHandler({ queue: QUEUE_PDF_RENDER, name: JOB_RENDER_PDF, schema: pdfRenderJobSchema })
@Injectable()
export class PdfRenderJobHandler implements JobHandlerInstance<PdfRenderJob, PdfRenderResult> {
  constructor(private readonly renderer: PdfRenderer) {}

  async handle(job: PdfRenderJob): Promise<PdfRenderResult> {
    const started = Date.now();
    const { pdf, pages } = await this.renderer.render(buildDocument(job));
    return { pdfBase64: pdf.toString('base64'), pages, renderMs: Date.now() - started };
  }
}

/** Closes the browser after the queue workers stopped (they wait for running renders). */
@Injectable()
class PdfRendererLifecycle implements OnApplicationShutdown {
  constructor(private readonly renderer: PdfRenderer) {}
  async onApplicationShutdown(): Promise<void> {
    await this.renderer.close();
  }
}

/** The worker's PDF rendering: one warm Chromium (PdfRenderer) and the `pdf-render` handler. */
@Module({
  providers: [
    {
      provide: PdfRenderer,
      inject: [WORKER_OPTIONS, WORKER_LOGGER],
      useFactory: (options: StartWorkerOptions, logger: Logger) =>
        new PdfRenderer({
          executablePath: options.chromiumPath ?? WORKER_DEFAULTS.chromiumPath,
          poolSize: options.pdfPoolSize ?? WORKER_DEFAULTS.pdfPoolSize,
          recycleAfter: options.pdfRecycleAfter ?? WORKER_DEFAULTS.pdfRecycleAfter,
          logger,
        }),
    },
    PdfRenderJobHandler,
    PdfRendererLifecycle,
  ],
  exports: [PdfRenderer],
})
export class PdfRenderModule {}
