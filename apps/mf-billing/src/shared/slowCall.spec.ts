import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LIMITS } from '@zunft/contracts';
import { invoicesApi } from '../features/invoices/api/invoices.api';
import { quotesApi } from '../features/quotes/api/quotes.api';
import { reportsApi } from '../features/reports/api/reports.api';
import { signatureApi } from '../features/signature/api/signature.api';
import { SLOW_CALL } from './slowCall';

/** A server that answers every call after `ms` (as one rendering a PDF on a busy machine). */
function slowServer(ms: number) {
  globalThis.fetch = jest.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            resolve({
              status: 200,
              ok: true,
              headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
              text: async () => '{"message":"ok"}',
              json: async () => ({ message: 'ok' }),
              blob: async () => new Blob(['%PDF'], { type: 'application/pdf' }),
            } as unknown as Response),
          ms,
        );
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  ) as unknown as typeof fetch;
}

/** Settles `call` while the fake clock runs `ms` on. */
async function after<T>(ms: number, call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  const settled = call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await jest.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('calls that render a PDF wait for the server (LIMITS.pdfWaits)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits longer than the gateway, which waits longer than the billing service', () => {
    expect(SLOW_CALL.timeoutMs).toBeGreaterThan(LIMITS.pdfWaits.gatewayMs);
    expect(LIMITS.pdfWaits.gatewayMs).toBeGreaterThan(LIMITS.pdfWaits.serviceMaxMs);
  });

  // The server's answer arrives just before the gateway would give up.
  const answerMs = LIMITS.pdfWaits.gatewayMs - 1000;

  it.each<[string, () => Promise<unknown>]>([
    ['quote send', () => quotesApi.send('q1')],
    ['quote PDF', () => quotesApi.pdf('q1')],
    ['report send', () => reportsApi.sendToCustomer('r1', null)],
    ['report PDF', () => reportsApi.download('r1')],
    ['report signed on the device', () => reportsApi.sign('r1', { signerName: 'Erika Frei' } as never)],
    ['report signed by the customer', () => signatureApi.sign('t1', { signerName: 'Erika Frei' } as never)],
    ['invoice send', () => invoicesApi.send('i1')],
  ])('%s: a slow answer reaches the user instead of a timeout', async (_name, call) => {
    slowServer(answerMs);
    const result = await after(answerMs + 100, call());
    expect(result).toMatchObject({ ok: true });
  });

  it('a plain call still gives up after 10 s (the check above can fail)', async () => {
    slowServer(answerMs);
    const result = await after(answerMs + 100, quotesApi.get('q1'));
    expect(result).toMatchObject({ ok: false, error: { status: 408 } });
  });
});
