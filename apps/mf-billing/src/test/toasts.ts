import { afterEach, beforeEach } from '@jest/globals';
import { toast, type ToastMessage } from '@zunft/web-common';

/** Collects the toasts of each test (the shell renders them; tests read the texts). */
export function collectToasts(): ToastMessage[] {
  const toasts: ToastMessage[] = [];
  let unsubscribe: (() => void) | null = null;
  beforeEach(() => {
    toasts.length = 0;
    unsubscribe = toast.subscribe((m) => toasts.push(m));
  });
  afterEach(() => unsubscribe?.());
  return toasts;
}
