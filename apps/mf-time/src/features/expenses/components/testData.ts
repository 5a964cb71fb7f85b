import type { ExpenseDto, ExpenseStatsResponse, ProjectDto, UserDto } from '@zunft/contracts';

/** Test data of the expenses screen (spec tests only). */
export const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
export const EMPLOYEE_ID = '00000000-0000-4000-8000-000000000002';
export const BACKOFFICE_ID = '00000000-0000-4000-8000-000000000003';

export const aProject = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  status: 'in_progress',
} as ProjectDto;

export function anExpense(overrides: Partial<ExpenseDto> = {}): ExpenseDto {
  const id = overrides.id ?? '33333333-3333-4333-8333-333333333333';
  return {
    id,
    category: 'transport',
    description: 'Zugticket Bern–Zürich',
    amount: 42.5,
    vat_included: false,
    vat_rate: null,
    expense_date: '2026-03-14',
    status: 'pending',
    project_id: aProject.id,
    project_title: aProject.title,
    receipt_path: `/api/expenses/${id}/receipt`,
    receipt_filename: 'quittung.pdf',
    user_id: EMPLOYEE_ID,
    first_name: 'Beat',
    last_name: 'Arbeiter',
    rejection_reason: null,
    approved_at: null,
    rejected_at: null,
    created_at: '2026-03-14T10:00:00.000Z',
    updated_at: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function someStats(): ExpenseStatsResponse {
  return {
    total: { count: 3, amount: 1284.5 },
    pending: { count: 1, amount: 42.5 },
    approved: { count: 1, amount: 1200 },
    rejected: { count: 1, amount: 42 },
  };
}

export const aUserDto = (overrides: Partial<UserDto>): UserDto => ({
  id: EMPLOYEE_ID,
  first_name: 'Beat',
  last_name: 'Arbeiter',
  email: 'beat@example.ch',
  role: 'employee',
  craftsman_category: null,
  hourly_rate: null,
  is_active: true,
  created_at: '2025-03-14T09:30:00.000Z',
  last_login_at: null,
  ...overrides,
});

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown; blob?: { type: string; bytes: string } };

/**
 * Replaces `fetch` (the web-common api client resolves it per call). `route` answers each call;
 * every call is recorded. Returns the recorded calls and a restore function.
 */
export function mockFetch(route: (method: string, url: string, body: unknown) => Answer | undefined) {
  const calls: FetchCall[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string, init: { method?: string; body?: unknown } = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    const answer = route(method, url, body) ?? { status: 404, body: { error: `unerwartet: ${method} ${url}` } };
    const json = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: {
        get: (name: string) =>
          name.toLowerCase() === 'content-type' ? (answer.blob ? answer.blob.type : 'application/json') : null,
      },
      text: async () => json,
      json: async () => (json ? JSON.parse(json) : null),
      blob: async () => new Blob([answer.blob?.bytes ?? ''], { type: answer.blob?.type ?? '' }),
    };
  }) as unknown as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}
