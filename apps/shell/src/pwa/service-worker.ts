// Registration of /sw.js (production builds only) and its update: a new version waits until the
// user chooses "neu laden"; then it takes over and the page reloads once.

/** The part of `navigator.serviceWorker` used here (a fake in tests). */
export interface WorkerContainer {
  readonly controller: ServiceWorker | null;
  register(url: string, options?: RegistrationOptions): Promise<ServiceWorkerRegistration>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export type UpdateListener = (apply: () => void) => void;

let listeners: UpdateListener[] = [];
let pending: (() => void) | null = null;

/** Calls `listener` when a new version is installed and waiting (at once if one already waits). */
export function onUpdateAvailable(listener: UpdateListener): () => void {
  listeners.push(listener);
  if (pending) listener(pending);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
  };
}

function announce(
  worker: ServiceWorker,
  container: WorkerContainer,
  reload: () => void,
  registration?: Pick<ServiceWorkerRegistration, 'waiting'>,
): void {
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    reload();
  });
  // The worker waiting when the user chooses "neu laden", not necessarily the one announced: a
  // later registration or update check can have installed another one meanwhile, and the announced
  // one is then redundant (a message to it activates nothing, and the page never reloaded).
  pending = () => (registration?.waiting ?? worker).postMessage({ type: 'SKIP_WAITING' });
  for (const listener of listeners) listener(pending);
}

/**
 * Watches a registration: a worker that finishes installing while another one controls the page is
 * an update (the first installation is not: nothing to reload).
 */
export function watchRegistration(
  registration: ServiceWorkerRegistration,
  container: WorkerContainer,
  reload: () => void,
): void {
  if (registration.waiting && container.controller) {
    announce(registration.waiting, container, reload, registration);
    return;
  }
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) {
        announce(installing, container, reload, registration);
      }
    });
  });
}

export async function registerServiceWorker(
  container: WorkerContainer | undefined = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  if (!container) return;
  try {
    const registration = await container.register('/sw.js', { scope: '/' });
    watchRegistration(registration, container, reload);
  } catch (error) {
    // No offline mode (private window, blocked): the app works online as before.
    console.warn('[pwa] Service Worker nicht registriert', error);
  }
}

/** Sign-out: the previous user's cached API answers are deleted from the service worker's cache. */
export function clearOfflineUserData(container: WorkerContainer | undefined = navigator.serviceWorker): void {
  container?.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
}

/** Tests only. */
export function resetServiceWorkerState(): void {
  listeners = [];
  pending = null;
}
