import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '@zunft/web-common';
import { SessionProvider, createSessionEventBus, createTokenStore, setLanguage } from '@zunft/web-common';
import { MemoryRouter } from 'react-router';
import '../../i18n/shell-i18n';
import VerifyEmailPage from './VerifyEmailPage';

const TOKEN = 'Qm9ndXMtdG9rZW4tZm9yLXRoZS1zcGVjLTEyMzQ1Njc';
const original = globalThis.fetch;
let requests: Array<{ url: string; body: unknown }> = [];
let reply: { status: number; body: unknown };

beforeEach(() => {
  requests = [];
  globalThis.fetch = ((url: string, init: { body?: string } = {}) => {
    requests.push({ url, body: init.body ? JSON.parse(init.body) : undefined });
    return Promise.resolve({
      ok: reply.status < 300,
      status: reply.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(reply.body),
    });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = original;
  setLanguage('de');
});

/** Signed out: the session's own client is never asked. */
const noSession = {
  get: () => Promise.reject(new Error('no session')),
  post: () => Promise.reject(new Error('no session')),
} as unknown as ApiClient;

async function renderPage() {
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <SessionProvider client={noSession} tokens={createTokenStore(null, null)} events={createSessionEventBus()}>
          <MemoryRouter initialEntries={[`/verify-email/${TOKEN}`]}>
            <VerifyEmailPage token={TOKEN} />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
  });
}

describe('VerifyEmailPage (/verify-email/:token)', () => {
  it('posts the link’s token and says the address is confirmed', async () => {
    reply = { status: 200, body: { message: 'E-Mail-Adresse bestätigt', emailVerified: true, newlyVerified: true } };
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeTruthy();
    expect(requests).toEqual([{ url: expect.stringMatching(/\/api\/auth\/verify-email$/), body: { token: TOKEN } }]);
    expect(screen.getByRole('link', { name: 'Jetzt anmelden' }).getAttribute('href')).toBe('/login');
  });

  it('an expired link shows the server’s German reason', async () => {
    const reason = 'Der Bestätigungslink ist ungültig oder abgelaufen. Fordern Sie im Profil einen neuen an.';
    reply = { status: 400, body: { error: reason, code: 'email_verification_invalid' } };
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Bestätigung nicht möglich' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(reason);
  });
});
