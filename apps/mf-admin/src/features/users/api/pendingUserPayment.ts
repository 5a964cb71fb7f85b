/**
 * Part 2 §4: before the browser goes to the payment provider, a pending_user_payment entry
 * (userId, transactionId, timestamp) is stored locally; the return to /users reads it.
 */
export const PENDING_USER_PAYMENT_KEY = 'pending_user_payment';

export interface PendingUserPayment {
  userId: string;
  transactionId: string;
  timestamp: number;
}

export function storePendingUserPayment(entry: PendingUserPayment): void {
  try {
    localStorage.setItem(PENDING_USER_PAYMENT_KEY, JSON.stringify(entry));
  } catch {
    // Private mode without storage: the return still carries the transaction id in the URL.
  }
}

export function readPendingUserPayment(): PendingUserPayment | null {
  try {
    const raw = localStorage.getItem(PENDING_USER_PAYMENT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingUserPayment>;
    return typeof value.userId === 'string' && typeof value.transactionId === 'string'
      ? { userId: value.userId, transactionId: value.transactionId, timestamp: Number(value.timestamp) || 0 }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingUserPayment(): void {
  try {
    localStorage.removeItem(PENDING_USER_PAYMENT_KEY);
  } catch {
    // nothing stored
  }
}
