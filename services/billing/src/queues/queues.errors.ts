import { DomainError } from '@zunft/nest-common';

export const WORKER_UNAVAILABLE_MESSAGE = 'Der PDF-Dienst antwortet nicht. Bitte später erneut versuchen.';
export const PDF_RENDER_FAILED_MESSAGE = 'Das PDF konnte nicht erstellt werden. Bitte später erneut versuchen.';

/** No worker finished the render job in time (worker down, Redis slow, browser stuck). */
export class WorkerUnavailableError extends DomainError {
  constructor(readonly jobId?: string) {
    super('worker_unavailable', WORKER_UNAVAILABLE_MESSAGE, 503);
  }
}

/** The worker took the render job and failed it; `reason` is the worker's error (for logs, not the user). */
export class PdfRenderFailedError extends DomainError {
  constructor(
    readonly reason: string,
    readonly jobId?: string,
  ) {
    super('pdf_render_failed', PDF_RENDER_FAILED_MESSAGE, 502);
  }
}

export const MAIL_QUEUE_UNAVAILABLE_MESSAGE =
  'Der E-Mail-Versand ist zurzeit nicht verfügbar. Bitte später erneut versuchen.';

/** The mail job could not be queued (Redis unreachable). */
export class MailQueueUnavailableError extends DomainError {
  constructor() {
    super('mail_queue_unavailable', MAIL_QUEUE_UNAVAILABLE_MESSAGE, 503);
  }
}
