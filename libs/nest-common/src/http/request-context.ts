import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
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
