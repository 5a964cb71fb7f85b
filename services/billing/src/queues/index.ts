export { DocumentQueues, MAIL_STORE, QUEUES_OPTIONS, type QueuesOptions, type RenderedPdf } from './document-queues.js';
export { mailJobRefSchema, type MailJobRef } from './mail-job-ref.js';
export { JobProducer } from './job-producer.js';
export { QueuesModule } from './queues.module.js';
export {
  MAIL_QUEUE_UNAVAILABLE_MESSAGE,
  MailDailyLimitError,
  MailQueueUnavailableError,
  PDF_RENDER_FAILED_MESSAGE,
  PdfRenderFailedError,
  WORKER_UNAVAILABLE_MESSAGE,
  WorkerUnavailableError,
} from './queues.errors.js';
export { DEFAULT_QUEUE_PREFIX } from './queue-defaults.js';
export {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_STALE_MS,
  WORKER_HEARTBEAT_TTL_MS,
  workerHeartbeatKey,
  type WorkerHeartbeat,
} from './worker-heartbeat.js';
