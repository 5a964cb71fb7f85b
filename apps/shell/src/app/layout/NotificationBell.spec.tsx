import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NotificationDto, NotificationListResponse } from '@zunft/contracts';
import '../../i18n/shell-i18n';
import { MemoryRouter } from 'react-router';
import { NotificationBell } from './NotificationBell';

const absence = {
  id: 'a0000001-0000-4000-8000-000000000001',
  user_name: 'Emil Egger',
  type: 'holiday',
  start_date: '2027-03-01',
  end_date: '2027-03-05',
  half_day: null,
  reject_reason: null,
} as const;
const requested: NotificationDto = {
  id: 'n0000001-0000-4000-8000-000000000001',
  kind: 'absence_requested',
  absence,
  created_at: '2027-02-10T09:00:00.000Z',
  read_at: null,
};
const rejected: NotificationDto = {
  id: 'n0000002-0000-4000-8000-000000000002',
  kind: 'absence_rejected',
  absence: { ...absence, start_date: '2027-03-08', end_date: '2027-03-08', half_day: 'am', reject_reason: 'Inventur' },
  created_at: '2027-02-09T09:00:00.000Z',
  read_at: '2027-02-09T10:00:00.000Z',
};

// jsdom has no ResizeObserver; antd's Popover only asks it to watch its size
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

let list: NotificationListResponse;
const calls: string[] = [];
const original = globalThis.fetch;

beforeEach(() => {
  list = { items: [requested, rejected], unread: 1 };
  calls.length = 0;
  globalThis.fetch = ((url: string, init: { method?: string } = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (method === 'PUT') list = { items: list.items.map((n) => ({ ...n, read_at: n.read_at ?? 'now' })), unread: 0 };
    return Promise.resolve({
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(list),
    });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  globalThis.fetch = original;
});

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationBell (issue 24)', () => {
  it('counts the unread, lists them in German on a click and marks them read', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen: 1' });
    fireEvent.click(bell);
    expect(await screen.findByText('Emil Egger beantragt Ferien: 01.03.2027 – 05.03.2027')).toBeTruthy();
    expect(screen.getByText('Ihre Ferien sind abgelehnt: 08.03.2027 (Vormittag). Begründung: Inventur')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Arbeitszeit' }).getAttribute('href')).toBe('/working-time');
    await waitFor(() => expect(calls.some((c) => c.startsWith('PUT') && c.endsWith('/notifications/read'))).toBe(true));
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen: 0' })).toBeTruthy();
  });

  it('shows 0 and «no notifications» when there are none (and does not mark anything)', async () => {
    list = { items: [], unread: 0 };
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 0' }));
    expect(await screen.findByText('Keine neuen Benachrichtigungen')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });
});
