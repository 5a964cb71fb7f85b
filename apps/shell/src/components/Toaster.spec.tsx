import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from '@zunft/web-common';
import '../i18n/shell-i18n';
import { Toaster } from './Toaster';

describe('Toaster (part 1 §9: top-right, 5000 ms, at most 20)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('shows a toast and removes it after 5000 ms', () => {
    render(<Toaster />);
    act(() => toast.success('Erfolgreich angemeldet!'));
    expect(screen.getByText('Erfolgreich angemeldet!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.queryByText('Erfolgreich angemeldet!')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Erfolgreich angemeldet!')).toBeNull();
  });

  it('keeps at most 20 toasts, dropping the oldest', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast.info(`Meldung ${i}`);
    });
    expect(screen.getAllByRole('status')).toHaveLength(20);
    expect(screen.queryByText('Meldung 5')).toBeNull();
    expect(screen.getByText('Meldung 25')).toBeTruthy();
  });

  it('errors are announced as alerts', () => {
    render(<Toaster />);
    act(() => toast.error('Anmeldung fehlgeschlagen'));
    expect(screen.getByRole('alert').textContent).toContain('Anmeldung fehlgeschlagen');
  });

  it("prints the server's reason under the catalogue text", () => {
    render(<Toaster />);
    act(() => toast.error('Fehler beim Löschen des Kunden', 'Kunde hat noch Projekte'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fehler beim Löschen des Kunden');
    expect(screen.getByText('Kunde hat noch Projekte').className).toBe('toast__detail');
  });
});
