import { jest } from '@jest/globals';

/** What a route answers: a JSON body (200) or an explicit status with body. */
export type MockAnswer = unknown | { status: number; body?: unknown; blob?: Blob };

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

function isExplicit(answer: unknown): answer is { status: number; body?: unknown; blob?: Blob } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && typeof answer.status === 'number';
}

/** jsdom has no fetch Response; the clients only read status, ok, headers.get, text() and blob(). */
function fakeResponse(status: number, body: unknown, blob?: Blob): Response {
  const text = body === undefined || body === null ? '' : JSON.stringify(body);
  const type = blob ? blob.type : 'application/json';
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => text,
    json: async () => (text ? (JSON.parse(text) as unknown) : null),
    blob: async () => blob ?? new Blob([text], { type }),
  } as unknown as Response;
}

/**
 * Replaces the global fetch (the web-common client and the public page both call it at request
 * time) with a table 'METHOD /path' -> answer. Unknown requests answer 500 and are recorded, so a
 * test notices them. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)>) {
  const calls: RecordedCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const call: RecordedCall = {
      method,
      url,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? null),
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    const answer = typeof route === 'function' ? (route as (c: RecordedCall) => MockAnswer)(call) : route;
    if (answer === undefined) return fakeResponse(500, { error: `unerwarteter Aufruf im Test: ${method} ${url}` });
    const { status, body, blob } = isExplicit(answer) ? answer : { status: 200, body: answer, blob: undefined };
    return fakeResponse(status, body, blob);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return calls;
}
