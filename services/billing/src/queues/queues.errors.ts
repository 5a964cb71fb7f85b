import { serverMessage, translateServerMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export const WORKER_UNAVAILABLE_MESSAGE = translateServerMessage('worker_unavailable');
export const PDF_RENDER_FAILED_MESSAGE = translateServerMessage('pdf_render_failed');

/** No worker finished the render job in time (worker down, Redis slow, browser stuck). */
export class WorkerUnavailableError extends DomainError {
  constructor(readonly jobId?: string) {
    super('worker_unavailable', serverMessage('worker_unavailable'), 503);
  }
}

/** The worker took the render job and failed it; `reason` is the worker's error (for logs, not the user). */
export class PdfRenderFailedError extends DomainError {
  constructor(
    readonly reason: string,
    readonly jobId?: string,
  ) {
    super('pdf_render_failed', serverMessage('pdf_render_failed'), 502);
  }
}

export const MAIL_QUEUE_UNAVAILABLE_MESSAGE = translateServerMessage('mail_queue_unavailable');

/** The mail job could not be queued (Redis unreachable). */
export class MailQueueUnavailableError extends DomainError {
  constructor() {
    super('mail_queue_unavailable', serverMessage('mail_queue_unavailable'), 503);
  }
}

/**
 * A trial company whose owner has not confirmed the e-mail address sent its customer mails of the
 * day (issue 25); the text names the limit and how to lift it.
 */
export class MailDailyLimitError extends DomainError {
  constructor(readonly limit: number) {
    super('mail_daily_limit', serverMessage('mail_daily_limit_unverified', { limit }), 429, { limit });
  }
}
