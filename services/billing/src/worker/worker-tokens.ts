/** The resolved StartWorkerOptions inside the worker's Nest context. */
export const WORKER_OPTIONS = Symbol('WORKER_OPTIONS');
/** The worker's pino logger. */
export const WORKER_LOGGER = Symbol('WORKER_LOGGER');
