import type { ReactNode } from 'react';
import type { Role, SessionUser } from '@zunft/contracts';
import { SessionProvider, createSessionEventBus, createTokenStore, type ApiClient } from '@zunft/web-common';
import { aSessionUser } from './render';

/**
 * A real SessionProvider signed in as `role`: the profile call of the session start is answered
 * by this client; every other call fails loudly, so a test notices an unexpected request.
 */
export function signedInAs(role: Role, overrides: Partial<SessionUser> = {}) {
  const user = aSessionUser({ role, ...overrides });
  const unexpected = (path: string) => Promise.reject(new Error(`unerwarteter Aufruf im Test: ${path}`));
  const client = {
    get: (path: string) => (path === '/auth/profile' ? Promise.resolve({ user }) : unexpected(path)),
    post: (path: string) => unexpected(path),
    put: (path: string) => unexpected(path),
    delete: (path: string) => unexpected(path),
    upload: (path: string) => unexpected(path),
    blob: (path: string) => unexpected(path),
  } as unknown as ApiClient;
  const tokens = createTokenStore(null, null);
  tokens.set('test-token', false);
  const events = createSessionEventBus();
  return function Session({ children }: { children: ReactNode }) {
    return (
      <SessionProvider client={client} tokens={tokens} events={events}>
        {children}
      </SessionProvider>
    );
  };
}
