import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CompanyProfileDto, SessionUser } from '@zunft/contracts';
import {
  ApiError,
  SessionProvider,
  api,
  createSessionEventBus,
  createTokenStore,
  type ApiClient,
} from '@zunft/web-common';
import { aSessionUser, renderWithProviders, testQueryClient } from '../../../test/render';
import { companyKeys } from '../api/useCompany';
import { CloseAccountCard } from './CloseAccountCard';

const profile: CompanyProfileDto = {
  name: 'Muster Elektro AG',
  email: 'info@muster-elektro.ch',
  phone: null,
  website: null,
  address: null,
  street: null,
  house_number: null,
  zip: null,
  city: null,
  country: 'CH',
  logo_url: null,
};

function render(user: SessionUser, logout: jest.Mock) {
  const tokens = createTokenStore(null, null);
  tokens.set('test-token');
  const unexpected = (path: string) => Promise.reject(new ApiError(404, `unerwarteter Aufruf ${path}`));
  const client: ApiClient = {
    get: <T,>(path: string) => (path === '/auth/profile' ? Promise.resolve({ user } as T) : unexpected(path)),
    post: <T,>(path: string) => {
      if (path !== '/auth/logout') return unexpected(path);
      logout();
      return Promise.resolve({} as T);
    },
    put: (path) => unexpected(path),
    patch: (path) => unexpected(path),
    delete: (path) => unexpected(path),
    upload: (path) => unexpected(path),
    blob: (path) => unexpected(path),
  };
  const queries = testQueryClient();
  queries.setQueryData(companyKeys.profile, profile);
  return renderWithProviders(
    <SessionProvider client={client} tokens={tokens} events={createSessionEventBus()}>
      <CloseAccountCard />
    </SessionProvider>,
    { client: queries },
  );
}

afterEach(() => {
  jest.restoreAllMocks();
});

const dialogButton = () => screen.getByRole('button', { name: 'Konto schliessen' });

describe('CloseAccountCard (issue 26: «Konto schliessen»)', () => {
  it('tells what happens, closes only with the exact company name, then signs out', async () => {
    const logout = jest.fn();
    const post = jest.spyOn(api, 'post').mockImplementation(() =>
      Promise.resolve({
        message:
          'Das Firmenkonto wurde geschlossen. Die Daten werden nach Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht.',
        closedAt: '2026-11-28T21:00:00.000Z',
        graceEndsOn: '2027-02-26',
      } as never),
    );
    render(aSessionUser({ role: 'admin' }), logout);
    expect(await screen.findByText(/Zeiterfassungen bleiben 5 Jahre \(ArGV 1 Art\. 73\)/)).toBeTruthy();
    expect(screen.getByText(/10 Jahre \(OR 958f\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Konto schliessen …' }));
    expect(await screen.findByText(/Firmennamen «Muster Elektro AG» ein/)).toBeTruthy();
    const input = screen.getByLabelText('Firmenname zur Bestätigung');
    fireEvent.change(input, { target: { value: 'Muster Elektro' } });
    expect(dialogButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: ' Muster Elektro AG ' } });
    await waitFor(() => expect(dialogButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(dialogButton());

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/companies/me/close', { confirmName: ' Muster Elektro AG ' });
  });

  it("shows the server's German reason (a subscription that still renews) and stays signed in", async () => {
    const logout = jest.fn();
    jest.spyOn(api, 'post').mockImplementation(() =>
      Promise.reject(
        new ApiError(409, 'Konflikt', {
          error:
            'Das Abonnement läuft noch. Kündigen Sie es zuerst unter Einstellungen › Zahlungen, dann können Sie das Konto schliessen.',
          code: 'company_close_subscription_active',
        }),
      ),
    );
    render(aSessionUser({ role: 'admin' }), logout);
    fireEvent.click(await screen.findByRole('button', { name: 'Konto schliessen …' }));
    fireEvent.change(screen.getByLabelText('Firmenname zur Bestätigung'), { target: { value: 'Muster Elektro AG' } });
    await waitFor(() => expect(dialogButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(dialogButton());
    expect(await screen.findByText(/Kündigen Sie es zuerst unter Einstellungen › Zahlungen/)).toBeTruthy();
    expect(logout).not.toHaveBeenCalled();
  });
});
