import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ApiClient } from '@zunft/web-common';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SessionProvider, createSessionEventBus, createTokenStore, setLanguage } from '@zunft/web-common';
import LoginPage from './LoginPage';

afterEach(() => {
  cleanup();
  setLanguage('de');
});

/** A client that records every call and answers none (the form must not send invalid input). */
function recordingClient(calls: string[]): ApiClient {
  const refuse = (path: string) => {
    calls.push(path);
    return Promise.reject(new Error('kein Aufruf erwartet'));
  };
  return {
    get: refuse,
    post: refuse,
    put: refuse,
    patch: refuse,
    delete: refuse,
    upload: refuse,
    blob: refuse,
  } as unknown as ApiClient;
}

describe('LoginPage validation (the schema is loaded on use, not with the page)', () => {
  it('shows the German field errors of the contracts schema and sends nothing', async () => {
    const calls: string[] = [];
    await act(async () => {
      render(
        <SessionProvider
          client={recordingClient(calls)}
          tokens={createTokenStore(null, null)}
          events={createSessionEventBus()}
        >
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>,
      );
    });
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'keine-adresse' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    });
    expect(await screen.findByText('Passwort ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    // The button is usable again after a failed validation.
    expect((screen.getByRole('button', { name: 'Anmelden' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a French visitor sees the same errors in French (server catalogue), German in none', async () => {
    setLanguage('fr');
    const calls: string[] = [];
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = render(
        <SessionProvider
          client={recordingClient(calls)}
          tokens={createTokenStore(null, null)}
          events={createSessionEventBus()}
        >
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>,
      ));
    });
    fireEvent.change(container.querySelector('input[type="email"]')!, { target: { value: 'keine-adresse' } });
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(await screen.findByText('Veuillez saisir une adresse e-mail valable')).toBeTruthy();
    expect(screen.getByText(/saisie obligatoire/)).toBeTruthy();
    expect(screen.queryByText(/ist erforderlich|Bitte geben Sie/)).toBeNull();
    expect(calls).toEqual([]);
  });
});
