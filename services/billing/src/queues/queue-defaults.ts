import type { DefaultJobOptions, QueueOptions } from 'bullmq';

/** Queue key prefix when none is configured (QUEUE_PREFIX). */
export const DEFAULT_QUEUE_PREFIX = 'zunft';

/**
 * PDF jobs are request/response: the API waits for them. Completed jobs carry the PDF (base64) and
 * are kept only briefly; failed ones stay visible for a day with their error.
 */
export const PDF_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 2,
  backoff: { type: 'fixed', delay: 250 },
  removeOnComplete: { age: 120, count: 50 },
  removeOnFail: { age: 24 * 3600, count: 1000 },
};

/** The events stream of the PDF queue carries return values (PDFs): keep it short. */
export const PDF_QUEUE_STREAMS: QueueOptions['streams'] = { events: { maxLen: 200 } };

/** Default first retry delay of mail jobs; doubles per attempt (5 s, 10 s, 20 s, 40 s). */
export const DEFAULT_MAIL_BACKOFF_MS = 5000;

/**
 * Mail jobs retry with exponential backoff. They carry the mail's id only (the mail lives in the
 * `mails` table, which also records the outcome), so Redis keeps them briefly: completed ones an
 * hour, failed ones (their error without e-mail addresses) 7 days, for the operator.
 */
export function mailJobOptions(backoffMs: number = DEFAULT_MAIL_BACKOFF_MS): DefaultJobOptions {
  return {
    attempts: 5,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: { age: 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
  };
}

/** Default time the API waits for a rendered PDF (the browser's request timeout is 10 s). */
export const DEFAULT_PDF_TIMEOUT_MS = 9000;
