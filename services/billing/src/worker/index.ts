export { startWorker, type RunningWorker } from './start-worker.js';
export { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
export { WorkerModule } from './worker.module.js';
export { JobWorkers } from './job-workers.js';
export { PdfRenderer } from './pdf-renderer.js';
export { countPdfPages } from './pdf-page-count.js';
