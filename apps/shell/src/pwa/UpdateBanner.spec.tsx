import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../i18n/shell-i18n';
import { UpdateBanner } from './UpdateBanner';
import { resetServiceWorkerState, watchRegistration, type WorkerContainer } from './service-worker';

afterEach(() => {
  cleanup();
  resetServiceWorkerState();
});

describe('UpdateBanner', () => {
  it('shows "Neue Version verfügbar – neu laden" when a version waits and activates it on click', () => {
    render(<UpdateBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    const waiting = { postMessage: jest.fn() };
    const container: WorkerContainer = {
      controller: {} as ServiceWorker,
      register: jest.fn<WorkerContainer['register']>(),
      addEventListener: jest.fn(),
    };
    act(() => {
      watchRegistration({ waiting } as unknown as ServiceWorkerRegistration, container, jest.fn());
    });
    expect(screen.getByRole('status').textContent).toBe('Neue Version verfügbar – neu laden');
    fireEvent.click(screen.getByRole('button', { name: 'neu laden' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});
