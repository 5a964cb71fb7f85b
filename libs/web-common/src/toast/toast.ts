import { TOAST_MAX } from '../constants';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastMessage {
  id: number;
  type: ToastType;
  text: string;
  /** A second, smaller line: e.g. the server's reason under the screen's own error text. */
  detail?: string;
}

export type ToastListener = (message: ToastMessage) => void;

export interface ToastBus {
  success(text: string, detail?: string): void;
  error(text: string, detail?: string): void;
  info(text: string, detail?: string): void;
  warning(text: string, detail?: string): void;
  /** The renderer subscribes here; messages sent before anyone listens are delivered on subscribe. */
  subscribe(listener: ToastListener): () => void;
}

/** Toasts without a UI dependency: any code (remotes, API client) calls toast.*; the shell renders. */
export function createToastBus(maxBuffered: number = TOAST_MAX): ToastBus {
  const listeners = new Set<ToastListener>();
  let buffer: ToastMessage[] = [];
  let nextId = 1;

  const push = (type: ToastType, text: string, detail?: string) => {
    const message: ToastMessage = detail ? { id: nextId++, type, text, detail } : { id: nextId++, type, text };
    if (listeners.size === 0) {
      buffer = [...buffer, message].slice(-maxBuffered);
      return;
    }
    for (const listener of [...listeners]) listener(message);
  };

  return {
    success: (text, detail) => push('success', text, detail),
    error: (text, detail) => push('error', text, detail),
    info: (text, detail) => push('info', text, detail),
    warning: (text, detail) => push('warning', text, detail),
    subscribe(listener) {
      listeners.add(listener);
      const pending = buffer;
      buffer = [];
      for (const message of pending) listener(message);
      return () => listeners.delete(listener);
    },
  };
}

export const toast: ToastBus = createToastBus();
