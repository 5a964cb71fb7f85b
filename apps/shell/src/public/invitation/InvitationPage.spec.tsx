import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '@zunft/web-common';
import { MemoryRouter } from 'react-router';
import '../../i18n/shell-i18n';
import InvitationPage, { afterAccept } from './InvitationPage';

const TOKEN = 'Qm9ndXMtdG9rZW4tZm9yLXRoZS1zcGVjLTEyMzQ1Njc';
const original = globalThis.fetch;
const originalGo = afterAccept.go;
let requests: Array<{ method: string; url: string; body: unknown }> = [];
let replies: Record<string, { status: number; body: unknown }>;
let went: string[] = [];

beforeEach(() => {
  requests = [];
  went = [];
  afterAccept.go = (path) => void went.push(path);
  globalThis.fetch = ((url: string, init: { method?: string; body?: string } = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body ? JSON.parse(init.body) : undefined });
    const reply = replies[method]!;
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
  afterAccept.go = originalGo;
  setLanguage('de');
  sessionStorage.clear();
});

async function renderPage(search = `?token=${TOKEN}`) {
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/einladung${search}`]}>
          <InvitationPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

const session = { token: 'header.payload.sig', expiresIn: 900, user: { id: 'u1' } };

describe('InvitationPage (/einladung?token=…, issue 26)', () => {
  it('a new address sets name and password; accepted, the signed-in app starts', async () => {
    replies = {
      GET: {
        status: 200,
        body: { email: 'tina@treuhand.ch', companyName: 'Elektro Alpha AG', accountExists: false, expiresAt: 'x' },
      },
      POST: { status: 200, body: session },
    };
    await renderPage();
    expect(
      await screen.findByText('«Elektro Alpha AG» lädt tina@treuhand.ch ein, die Buchhaltung einzusehen.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Tina' } });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Treuhand' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'Treuhand-2026' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen und annehmen' }));
    });
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      url: expect.stringMatching(/\/api\/auth\/invitations\/accept$/),
      body: { token: TOKEN, password: 'Treuhand-2026', firstName: 'Tina', lastName: 'Treuhand' },
    });
    expect(went).toEqual(['/dashboard']);
    expect(sessionStorage.getItem('zunft.token')).toBe('header.payload.sig');
  });

  it('an existing account confirms with its password only', async () => {
    replies = {
      GET: {
        status: 200,
        body: { email: 'tina@treuhand.ch', companyName: 'Sanitär Beta GmbH', accountExists: true, expiresAt: 'x' },
      },
      POST: { status: 401, body: { error: 'E-Mail oder Passwort ist falsch', code: 'invalid_credentials' } },
    };
    await renderPage();
    await screen.findByText(/Diese Adresse hat bereits ein Zunft-Konto/);
    expect(screen.queryByLabelText('Vorname')).toBeNull();
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'falsch' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden und annehmen' }));
    });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ token: TOKEN, password: 'falsch' });
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail oder Passwort ist falsch');
    expect(went).toEqual([]);
  });

  it('a used or expired link shows the server’s German reason', async () => {
    const reason =
      'Diese Einladung ist abgelaufen oder wurde bereits verwendet. Bitte bitten Sie die Firma um eine neue Einladung.';
    replies = {
      GET: { status: 410, body: { error: reason, code: 'invitation_gone' } },
      POST: { status: 500, body: {} },
    };
    await renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(screen.queryByRole('button', { name: /annehmen/ })).toBeNull();
  });
});
