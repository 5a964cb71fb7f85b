import type {
  AcceptQuoteRequest,
  PublicQuoteDto,
  QuoteAcceptanceResultResponse,
  RejectQuoteRequest,
} from '@zunft/contracts';

/**
 * The public calls of /quote-acceptance/:token (no login): plain fetch, no bearer token, no session
 * refresh, so the page works for a customer who has never signed in and stays light on a phone.
 */

/** A failed call: HTTP status (0 = network, 408 = timeout) and the server's `error` text if any. */
export class AcceptanceError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'AcceptanceError';
  }
}

const TIMEOUT_MS = 20_000;
const base = (token: string) => `/api/quote-acceptance/${encodeURIComponent(token)}`;

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
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
    throw new AcceptanceError(controller.signal.aborted ? 408 : 0, null);
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
    const error = typeof data === 'object' && data !== null ? (data as { error?: unknown }).error : null;
    throw new AcceptanceError(response.status, typeof error === 'string' && error.trim() ? error : null);
  }
  return data as T;
}

export const quoteAcceptanceApi = {
  get: (token: string) => call<PublicQuoteDto>('GET', base(token)),
  accept: (token: string, body: AcceptQuoteRequest) =>
    call<QuoteAcceptanceResultResponse>('POST', `${base(token)}/accept`, body),
  reject: (token: string, body: RejectQuoteRequest) =>
    call<QuoteAcceptanceResultResponse>('POST', `${base(token)}/reject`, body),
};
