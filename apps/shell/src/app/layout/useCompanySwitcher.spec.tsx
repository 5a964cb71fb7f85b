import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '@zunft/web-common';
import { SessionProvider, createSessionEventBus, createTokenStore } from '@zunft/web-common';
import { Dropdown } from 'antd';
import '../../i18n/shell-i18n';
import { afterSwitch, useCompanySwitcher } from './useCompanySwitcher';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const A = { companyId: 'a0000000-0000-4000-8000-00000000000a', companyName: 'Elektro Alpha AG', role: 'accountant' };
const B = { companyId: 'b0000000-0000-4000-8000-00000000000b', companyName: 'Sanitär Beta GmbH', role: 'accountant' };
const original = globalThis.fetch;
const originalGo = afterSwitch.go;
let companies: unknown[];
let calls: Array<{ method: string; url: string; body?: unknown }>;
let went: string[];

beforeEach(() => {
  calls = [];
  went = [];
  afterSwitch.go = (path) => void went.push(path);
  globalThis.fetch = ((url: string, init: { method?: string; body?: string } = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(init.body) : undefined });
    const body = method === 'GET' ? { companies } : { token: 'token.of.b', expiresIn: 900, user: {} };
    return Promise.resolve({
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(body),
    });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = original;
  afterSwitch.go = originalGo;
  sessionStorage.clear();
});

function Menu() {
  const items = useCompanySwitcher() ?? [];
  return (
    <Dropdown menu={{ items: [...items, { key: 'profile', label: 'Profil' }] }} trigger={['click']} open>
      <button type="button">menu</button>
    </Dropdown>
  );
}

/** Signed in as the fiduciary in company A (the profile answers the user). */
async function renderMenu() {
  const user = { id: 'u1', role: 'accountant', companyId: A.companyId, companyName: A.companyName };
  const client = {
    get: () => Promise.resolve({ user }),
    post: () => Promise.reject(new Error('not used')),
  } as unknown as ApiClient;
  sessionStorage.setItem('zunft.token', 'token.of.a');
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider
          client={client}
          tokens={createTokenStore(null, sessionStorage)}
          events={createSessionEventBus()}
        >
          <Menu />
        </SessionProvider>
      </QueryClientProvider>,
    );
  });
}

describe('useCompanySwitcher (issue 26)', () => {
  it('lists the companies, the current one checked; a click switches and restarts the app', async () => {
    companies = [
      { ...A, current: true },
      { ...B, current: false },
    ];
    await renderMenu();
    expect(await screen.findByText('Firma wechseln')).toBeTruthy();
    expect(screen.getByText('Elektro Alpha AG (aktuell)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('Sanitär Beta GmbH'));
    });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: expect.stringMatching(/\/api\/auth\/switch-company$/),
      body: { companyId: B.companyId },
    });
    expect(went).toEqual(['/dashboard']);
  });

  it('shows nothing to a person with one company', async () => {
    companies = [{ ...A, current: true }];
    await renderMenu();
    await screen.findByText('Profil');
    expect(screen.queryByText('Firma wechseln')).toBeNull();
  });
});
