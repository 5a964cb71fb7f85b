import type { RequiresPaymentBody, SessionUser } from '@zunft/contracts';

/** Signals from the API client to the session (the client knows no React). */
export type SessionEvent =
  /** expired: no valid session any more; deactivated: 401 account_deactivated (the account was blocked). */
  | { type: 'logout'; reason: 'expired' | 'deactivated' }
  | { type: 'user'; user: SessionUser }
  | { type: 'requires-payment'; body: RequiresPaymentBody };

export type SessionEventListener = (event: SessionEvent) => void;

export interface SessionEventBus {
  emit(event: SessionEvent): void;
  subscribe(listener: SessionEventListener): () => void;
}

export function createSessionEventBus(): SessionEventBus {
  const listeners = new Set<SessionEventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const sessionEvents: SessionEventBus = createSessionEventBus();
