import { pdfRenderJobSchema, type PdfRenderResult } from '@zunft/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { buildDocument } from '../documents/index.js';
import type { PdfRenderer } from './pdf-renderer.js';

/** `pdf-render` handler: validate the job, build the HTML, print it. */
export function pdfRenderProcessor(renderer: PdfRenderer) {
  return async (job: Job): Promise<PdfRenderResult> => {
    const parsed = pdfRenderJobSchema.safeParse(job.data);
    if (!parsed.success) {
      // A malformed job will not get better by retrying.
      throw new UnrecoverableError(
        `Invalid pdf-render job: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    const started = Date.now();
    const { pdf, pages } = await renderer.render(buildDocument(parsed.data));
    return { pdfBase64: pdf.toString('base64'), pages, renderMs: Date.now() - started };
  };
}
