import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@zunft/contracts';
import type { ApiClient } from '../api/api-client';
import { ApiError, NETWORK_MESSAGE } from '../api/api-error';
import { PROFILE_RETRY_MS, SessionProvider, useSession } from './SessionProvider';
import { createSessionEventBus } from './session-events';
import { PROFILE_KEY, createTokenStore } from './token-storage';
import { unsignedToken } from '../testing/tokens';

const user: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'beat.muster@example.ch',
  role: 'employee',
  companyId: '00000000-0000-4000-8000-0000000000aa',
  companyName: 'Muster Elektro AG',
  firstName: 'Beat',
  lastName: 'Muster',
  first_name: 'Beat',
  last_name: 'Muster',
  language: 'de',
  craftsmanCategory: null,
  hourlyRate: null,
  requiresPayment: false,
  subscriptionStatus: 'active',
  trialEndsAt: null,
  lastLoginAt: null,
};
const jwt = unsignedToken({
  sub: user.id,
  userId: user.id,
  companyId: user.companyId,
  role: 'employee',
  subscriptionStatus: 'active',
  trialEndsAt: null,
});

const offline = () => Promise.reject(new ApiError(0, NETWORK_MESSAGE, null, 'network'));

/** A client whose profile call answers the scripted results in turn; nothing else is expected. */
function scriptedClient(...profile: (() => Promise<unknown>)[]) {
  const get = jest.fn((path: string) => {
    const next = path === '/auth/profile' ? profile.shift() : undefined;
    return next ? next() : Promise.reject(new Error(`unerwarteter Aufruf ${path}`));
  });
  const unexpected = (path: string) => Promise.reject(new Error(`unerwarteter Aufruf ${path}`));
  const client = {
    get,
    post: unexpected,
    put: unexpected,
    patch: unexpected,
    delete: unexpected,
    upload: unexpected,
    blob: unexpected,
  } as unknown as ApiClient;
  return { client, get };
}

function Probe() {
  const session = useSession();
  return (
    <output data-testid="session">{`${session.status} ${session.user?.id ?? '-'} ${session.user?.firstName || '?'}`}</output>
  );
}

function renderSession(client: ApiClient) {
  const tokens = createTokenStore(null, null);
  tokens.set(jwt);
  render(
    <SessionProvider client={client} tokens={tokens} events={createSessionEventBus()}>
      <Probe />
    </SessionProvider>,
  );
  return tokens;
}

const shown = () => screen.getByTestId('session').textContent;

describe('SessionProvider on weak reception', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('stays signed in when the profile cannot be loaded and loads it once the browser is online', async () => {
    const { client, get } = scriptedClient(offline, () => Promise.resolve({ user }));
    const tokens = renderSession(client);
    await waitFor(() => expect(shown()).toBe(`authenticated ${user.id} ?`));
    expect(tokens.get()).toBe(jwt);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(shown()).toBe(`authenticated ${user.id} Beat`));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('retries the profile silently every PROFILE_RETRY_MS until it loads, then stops', async () => {
    jest.useFakeTimers();
    const { client, get } = scriptedClient(offline, offline, () => Promise.resolve({ user }));
    renderSession(client);
    await waitFor(() => expect(shown()).toBe(`authenticated ${user.id} ?`));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(PROFILE_RETRY_MS);
    });
    expect(get).toHaveBeenCalledTimes(2);
    expect(shown()).toBe(`authenticated ${user.id} ?`);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(PROFILE_RETRY_MS);
    });
    expect(shown()).toBe(`authenticated ${user.id} Beat`);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(3 * PROFILE_RETRY_MS);
    });
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('keeps the loaded profile next to the token: the next start without reception greets the user by name', async () => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    const tokens = createTokenStore(window.localStorage, window.sessionStorage);
    tokens.set(jwt, true);
    const online = scriptedClient(() => Promise.resolve({ user }));
    const first = render(
      <SessionProvider client={online.client} tokens={tokens} events={createSessionEventBus()}>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(shown()).toBe(`authenticated ${user.id} Beat`));
    expect(JSON.parse(window.localStorage.getItem(PROFILE_KEY) ?? 'null')).toMatchObject({
      id: user.id,
      firstName: 'Beat',
    });
    first.unmount();

    const noReception = scriptedClient(offline);
    render(
      <SessionProvider client={noReception.client} tokens={tokens} events={createSessionEventBus()}>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(shown()).toBe(`authenticated ${user.id} Beat`));
    // the token-only user of that start is not written over the kept profile
    expect(JSON.parse(window.localStorage.getItem(PROFILE_KEY) ?? 'null')).toMatchObject({ email: user.email });
    window.localStorage.clear();
  });
});
