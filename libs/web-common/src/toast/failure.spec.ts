import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/api-error';
import { toast, type ToastMessage } from './toast';
import { serverErrorOr, toastFailure } from './failure';

const seen: ToastMessage[] = [];
const off = toast.subscribe((m) => seen.push(m));
afterEach(() => {
  seen.length = 0;
});
afterAll(() => off());

describe('failure toasts (§8: the catalogue text, the server reason beneath)', () => {
  it('shows the catalogue text with the server reason as detail', () => {
    const error = new ApiError(409, 'conflict', { error: 'Kunde hat noch Projekte' });
    toastFailure(error, 'Fehler beim Löschen des Kunden');
    expect(seen).toEqual([
      expect.objectContaining({
        type: 'error',
        text: 'Fehler beim Löschen des Kunden',
        detail: 'Kunde hat noch Projekte',
      }),
    ]);
  });

  it('shows the catalogue text alone on network errors and when the reason repeats it', () => {
    toastFailure(new ApiError(0, 'network', null, 'network'), 'Fehler beim Laden der Kunden');
    toastFailure(new ApiError(500, 'x', { error: 'Fehler beim Laden der Kunden' }), 'Fehler beim Laden der Kunden');
    toastFailure(new Error('boom'), 'Fehler beim Laden der Kunden');
    expect(seen.map((m) => m.detail)).toEqual([undefined, undefined, undefined]);
    expect(seen.map((m) => m.text)).toEqual(Array(3).fill('Fehler beim Laden der Kunden'));
  });

  it('serverErrorOr prefers the server text (login, registration, expense save)', () => {
    expect(serverErrorOr(new ApiError(401, 'x', { error: 'Ungültige Anmeldedaten' }), 'Anmeldung fehlgeschlagen')).toBe(
      'Ungültige Anmeldedaten',
    );
    expect(serverErrorOr(new ApiError(0, 'x', null), 'Anmeldung fehlgeschlagen')).toBe('Anmeldung fehlgeschlagen');
    expect(serverErrorOr(new ApiError(400, 'x', { error: '  ' }), 'Anmeldung fehlgeschlagen')).toBe(
      'Anmeldung fehlgeschlagen',
    );
  });
});
