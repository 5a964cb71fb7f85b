import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AuthResponse, SessionUser } from '@zunft/contracts';
import type { ApiClient } from '@zunft/web-common';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  SessionProvider,
  createSessionEventBus,
  createTokenStore,
  i18n,
  setLanguage,
  useSession,
} from '@zunft/web-common';
import { browserLanguage, pickUiLanguage, textForUser } from './ui-language';
import { Toaster } from '../components/Toaster';
import { UserLanguageSync } from '../components/UserLanguageSync';
import LoginPage from '../public/auth/LoginPage';

afterEach(() => {
  cleanup();
  setLanguage('de');
});

describe('pickUiLanguage (issue 15: the user decides, then the company, then the browser)', () => {
  it("takes the user's own language first", () => {
    expect(pickUiLanguage({ language: 'it', companyLanguage: 'fr' }, ['de-CH'])).toBe('it');
  });

  it("falls back to the company's language, then to the browser's", () => {
    expect(pickUiLanguage({ companyLanguage: 'fr' }, ['it-CH'])).toBe('fr');
    expect(pickUiLanguage({ language: 'en' as never, companyLanguage: 'xx' as never }, ['en-US', 'it-CH'])).toBe('it');
    expect(pickUiLanguage(null, ['fr-CH', 'de'])).toBe('fr');
  });

  it('answers null when nothing names de, fr or it', () => {
    expect(pickUiLanguage(undefined, ['en-GB', 'es'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
    expect(browserLanguage(['DE-ch'])).toBe('de');
  });
});

describe('texts in the user language', () => {
  it('translates into the user language even before its strings were loaded', async () => {
    expect(i18n.language).toBe('de');
    await expect(textForUser({ language: 'it' }, 'login.success')).resolves.toBe('Accesso effettuato!');
    expect(i18n.language).toBe('it');
  });

  const user: SessionUser = {
    id: '7b6f3a53-6f37-4c8e-9d5e-1a2b3c4d5e6f',
    email: 'anne@atelier.ch',
    role: 'admin',
    companyId: '2f0c1d9e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    companyName: 'Atelier Dubois SA',
    firstName: 'Anne',
    lastName: 'Dubois',
    first_name: 'Anne',
    last_name: 'Dubois',
    language: 'fr',
    companyLanguage: 'fr',
    craftsmanCategory: null,
    hourlyRate: null,
    requiresPayment: false,
    subscriptionStatus: 'trial',
    trialEndsAt: null,
    lastLoginAt: null,
  };

  it('shows the login toast in the language of the user who signed in, and switches the UI to it', async () => {
    const calls: string[] = [];
    const client: ApiClient = {
      get: () => Promise.reject(new Error('kein GET erwartet')),
      post: <T,>(path: string) => {
        calls.push(path);
        return Promise.resolve({ token: 'a.b.c', expiresIn: 900, user } satisfies AuthResponse as T);
      },
      put: () => Promise.reject(new Error('kein PUT erwartet')),
      patch: () => Promise.reject(new Error('kein PATCH erwartet')),
      delete: () => Promise.reject(new Error('kein DELETE erwartet')),
      upload: () => Promise.reject(new Error('kein Upload erwartet')),
      blob: () => Promise.reject(new Error('kein Download erwartet')),
      changeSession: (change) => change(),
    } as ApiClient;
    function Dashboard() {
      const { user: signedIn } = useSession();
      return <p>{signedIn?.firstName}</p>;
    }
    await act(async () => {
      render(
        <SessionProvider client={client} tokens={createTokenStore(null, null)} events={createSessionEventBus()}>
          <UserLanguageSync />
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/dashboard" element={<Dashboard />} />
            </Routes>
          </MemoryRouter>
          <Toaster />
        </SessionProvider>,
      );
    });
    // The login page is German (nothing chose another language yet).
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'anne@atelier.ch' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'geheim123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    });
    expect(await screen.findByText('Connexion réussie !')).toBeTruthy();
    expect(screen.queryByText('Erfolgreich angemeldet!')).toBeNull();
    expect(calls).toEqual(['/auth/login']);
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(await screen.findByText('Anne')).toBeTruthy();
  });
});
