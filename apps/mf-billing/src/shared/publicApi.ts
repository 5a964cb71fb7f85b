/**
 * Calls of the customer's token pages (no login): plain fetch, no bearer token, no session refresh,
 * so the pages work for a customer who has never signed in and stay light on a phone.
 */

/**
 * A failed call: HTTP status (0 = network, 408 = timeout), the server's machine-readable `code`
 * (pages decide by it) and its German `error` text if any (shown, never compared).
 */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    readonly code: string | null = null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'PublicApiError';
  }
}

const TIMEOUT_MS = 20_000;

export async function publicCall<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  timeoutMs = TIMEOUT_MS,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    throw new PublicApiError(controller.signal.aborted ? 408 : 0, null);
  } finally {
    clearTimeout(timer);
  }
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = typeof data === 'object' && data !== null ? (data as { error?: unknown; code?: unknown }) : {};
    throw new PublicApiError(
      response.status,
      typeof error.error === 'string' && error.error.trim() ? error.error : null,
      typeof error.code === 'string' ? error.code : null,
    );
  }
  return data as T;
}
