import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import '../i18n/shell-i18n';
import { UpdateBanner } from './UpdateBanner';
import { resetServiceWorkerState, watchRegistration, type WorkerContainer } from './service-worker';

afterEach(() => {
  cleanup();
  resetServiceWorkerState();
  onlineManager.setOnline(true);
  jest.useRealTimers();
});

/** A version waits while another controls the page: the banner is offered it. */
function announceWaitingVersion() {
  const waiting = { postMessage: jest.fn() };
  const container: WorkerContainer = {
    controller: {} as ServiceWorker,
    register: jest.fn<WorkerContainer['register']>(),
    addEventListener: jest.fn(),
  };
  act(() => {
    watchRegistration({ waiting } as unknown as ServiceWorkerRegistration, container, jest.fn());
  });
  return waiting;
}

describe('UpdateBanner', () => {
  it('shows "Neue Version verfügbar – neu laden" when a version waits and activates it on click', () => {
    render(<UpdateBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    const waiting = announceWaitingVersion();
    expect(screen.getByRole('status').textContent).toBe('Neue Version verfügbar – neu laden');
    fireEvent.click(screen.getByRole('button', { name: 'neu laden' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // Until the reload the page's queries pause (no poll keeps the older worker busy).
    expect(screen.getByRole('status').textContent).toBe('Neue Version wird geladen …');
    expect(screen.queryByRole('button')).toBeNull();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('gives the page back after 65 s without the reload', () => {
    jest.useFakeTimers();
    render(<UpdateBanner />);
    announceWaitingVersion();
    fireEvent.click(screen.getByRole('button', { name: 'neu laden' }));
    act(() => {
      jest.advanceTimersByTime(64_000);
    });
    expect(onlineManager.isOnline()).toBe(false);
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(onlineManager.isOnline()).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Neue Version verfügbar – neu laden');
  });
});
