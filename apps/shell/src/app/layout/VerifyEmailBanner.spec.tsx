import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@zunft/contracts';
import type { ApiClient } from '@zunft/web-common';
import { SessionProvider, createSessionEventBus, createTokenStore, useSession } from '@zunft/web-common';
import { useEffect } from 'react';
import '../../i18n/shell-i18n';
import { VerifyEmailBanner } from './VerifyEmailBanner';

const owner: SessionUser = {
  id: 'u0000001-0000-4000-8000-000000000001',
  email: 'inhaber@neu.test',
  role: 'admin',
  companyId: 'c0000001-0000-4000-8000-000000000001',
  companyName: 'Sanitär Neu GmbH',
  firstName: 'Nina',
  lastName: 'Neu',
  first_name: 'Nina',
  last_name: 'Neu',
  language: 'de',
  craftsmanCategory: null,
  hourlyRate: null,
  requiresPayment: false,
  subscriptionStatus: 'trial',
  trialEndsAt: null,
  lastLoginAt: null,
  emailVerified: false,
};

const original = globalThis.fetch;
let requests: string[] = [];
beforeEach(() => {
  requests = [];
  globalThis.fetch = ((url: string) => {
    requests.push(url);
    return Promise.resolve({
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () =>
        JSON.stringify({ message: 'Bestätigungslink an inhaber@neu.test gesendet', sentTo: 'inhaber@neu.test' }),
    });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = original;
});

function SignedIn({ user }: { user: SessionUser }) {
  // Set after the session's start (no stored token) has finished.
  const { setUser, status, user: current } = useSession();
  useEffect(() => {
    if (status !== 'loading' && !current) setUser(user);
  }, [setUser, status, current, user]);
  return current ? (
    <div data-testid="signed-in">
      <VerifyEmailBanner />
    </div>
  ) : null;
}

async function renderFor(user: SessionUser) {
  const client = { get: () => Promise.reject(new Error('no session')) } as unknown as ApiClient;
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider client={client} tokens={createTokenStore(null, null)} events={createSessionEventBus()}>
          <SignedIn user={user} />
        </SessionProvider>
      </QueryClientProvider>,
    );
  });
}

describe('VerifyEmailBanner', () => {
  it('an owner with an unconfirmed address asks for a new link and sees where it went', async () => {
    await renderFor(owner);
    expect(await screen.findByText(/Bitte bestätigen Sie Ihre E-Mail-Adresse/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link erneut senden' }));
    });
    expect(await screen.findByText('Bestätigungslink an inhaber@neu.test gesendet')).toBeTruthy();
    expect(requests).toEqual([expect.stringMatching(/\/api\/auth\/verify-email\/resend$/)]);
    expect(screen.queryByRole('button', { name: 'Link erneut senden' })).toBeNull();
  });

  it('nothing for a confirmed address, nor for other roles', async () => {
    for (const user of [
      { ...owner, emailVerified: true },
      { ...owner, role: 'backoffice' as const },
    ]) {
      await renderFor(user);
      await screen.findByTestId('signed-in');
      expect(screen.queryByText(/Bitte bestätigen Sie/)).toBeNull();
      cleanup();
    }
  });
});
