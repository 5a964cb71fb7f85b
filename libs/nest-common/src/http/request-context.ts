import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  /** The HTTP request itself (its signed-in user and Accept-Language give the answer's language). */
  request?: object;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request context; logs and enqueued events read the request id from it. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The id of the request being handled, or null outside a request (CLI, relay, consumers). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** The HTTP request being handled, or null outside a request. */
export function currentRequest(): object | null {
  return storage.getStore()?.request ?? null;
}
