import type { ProjectDto, TimeEntryDto } from '@zunft/contracts';

/** Test data of the time-tracking screen (spec tests only). */
export const EMPLOYEE_ID = '00000000-0000-4000-8000-000000000002';

export const aProject = (overrides: Partial<ProjectDto> = {}): ProjectDto => ({
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  customer_id: 'c0c1e2f3-0000-4000-8000-000000000001',
  customer_name: 'Muster AG',
  customer_city: 'Bern',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  description: null,
  start_date: null,
  end_date: null,
  budget: null,
  status: 'in_progress',
  assigned_users: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const otherProject = aProject({
  id: 'a0c1e2f3-0000-4000-8000-000000000002',
  title: 'Dach Huber',
  project_number: 'P-2026-0002',
});

/** A running entry of `project` (started an hour ago), without a start position unless given. */
export function aRunningEntry(overrides: Partial<TimeEntryDto> = {}, project = aProject()): TimeEntryDto {
  return {
    id: 'e0000001-0000-4000-8000-000000000001',
    user_id: EMPLOYEE_ID,
    user_name: 'Beat Arbeiter',
    project_id: project.id,
    project_title: project.title,
    project_number: project.project_number,
    start_time: new Date(Date.now() - 3600_000).toISOString(),
    end_time: null,
    break_minutes: 0,
    description: null,
    total_minutes: null,
    surcharge_total: 0,
    surcharges: { night: 0, saturday: 0, sunday: 0, total: 0 },
    status: 'active',
    start_latitude: null,
    start_longitude: null,
    start_accuracy: null,
    end_latitude: null,
    end_longitude: null,
    end_accuracy: null,
    approved_at: null,
    approved_by: null,
    created_at: new Date(Date.now() - 3600_000).toISOString(),
    updated_at: new Date(Date.now() - 3600_000).toISOString(),
    ...overrides,
  };
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

/** `'network'`: the request fails like a lost connection (the api client makes it status 0). */
export type Answer = { status: number; body?: unknown } | 'network';

/**
 * Replaces `fetch` (the web-common api client resolves it per call). `route` answers each call,
 * also later (a promise) or not at all until the caller aborts; every call is recorded.
 */
export function mockFetch(route: (method: string, url: string, body: unknown) => Answer | Promise<Answer> | undefined) {
  const calls: FetchCall[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    const aborted = new Promise<never>((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('Abgebrochen', 'AbortError'))),
    );
    aborted.catch(() => undefined);
    const answer =
      (await Promise.race([Promise.resolve(route(method, url, body)), aborted])) ??
      ({ status: 404, body: { error: `unerwartet: ${method} ${url}` } } as const);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const json = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => json,
      json: async () => (json ? JSON.parse(json) : null),
    };
  }) as unknown as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}
