import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  onUpdateAvailable,
  registerServiceWorker,
  resetServiceWorkerState,
  watchRegistration,
  type WorkerContainer,
} from './service-worker';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = jest.fn();
  install(): void {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  startUpdate(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

function fakeContainer(controlled: boolean) {
  const listeners: (() => void)[] = [];
  const registration = new FakeRegistration();
  const container: WorkerContainer & { changeController(): void } = {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: jest.fn(async () => registration as unknown as ServiceWorkerRegistration),
    addEventListener: (_type, listener) => listeners.push(listener),
    changeController: () => listeners.forEach((l) => l()),
  };
  return { container, registration };
}

afterEach(() => resetServiceWorkerState());

describe('service worker registration and update', () => {
  it('registers /sw.js for the whole origin', async () => {
    const { container } = fakeContainer(false);
    await registerServiceWorker(container, jest.fn());
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('offers no update for the first installation (nothing controls the page yet)', () => {
    const { container, registration } = fakeContainer(false);
    const listener = jest.fn();
    onUpdateAvailable(listener);
    watchRegistration(registration as unknown as ServiceWorkerRegistration, container, jest.fn());
    registration.startUpdate().install();
    expect(listener).not.toHaveBeenCalled();
  });

  it('offers a new version once it is installed; applying it activates it and reloads once', () => {
    const { container, registration } = fakeContainer(true);
    const reload = jest.fn();
    const listener = jest.fn<(apply: () => void) => void>();
    onUpdateAvailable(listener);
    watchRegistration(registration as unknown as ServiceWorkerRegistration, container, reload);
    const worker = registration.startUpdate();
    expect(listener).not.toHaveBeenCalled();
    worker.install();
    expect(listener).toHaveBeenCalledTimes(1);

    listener.mock.calls[0]![0]();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.changeController();
    container.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('activates the worker waiting when the user applies, even if another one replaced the announced one', () => {
    const { container, registration } = fakeContainer(true);
    const listener = jest.fn<(apply: () => void) => void>();
    onUpdateAvailable(listener);
    watchRegistration(registration as unknown as ServiceWorkerRegistration, container, jest.fn());
    const announced = registration.startUpdate();
    announced.install();
    // A later update check installed another version: the announced worker is redundant now.
    const replacement = new FakeWorker();
    registration.waiting = replacement;

    listener.mock.calls[0]![0]();
    expect(replacement.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(announced.postMessage).not.toHaveBeenCalled();
  });

  it('tells a listener that subscribes later about a version already waiting', () => {
    const { container, registration } = fakeContainer(true);
    registration.waiting = new FakeWorker();
    watchRegistration(registration as unknown as ServiceWorkerRegistration, container, jest.fn());
    const late = jest.fn();
    onUpdateAvailable(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('keeps working online when registration fails', async () => {
    const { container } = fakeContainer(false);
    container.register = jest.fn(async () => {
      throw new Error('SecurityError');
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(registerServiceWorker(container, jest.fn())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
