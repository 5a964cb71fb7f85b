import { afterAll, beforeAll } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';

/** The PNG data URL every signature pad gives in tests. */
export const FAKE_SIGNATURE_PNG = 'data:image/png;base64,iVBORw0KGgo=';

/**
 * jsdom has no canvas: for the tests of this file, the pad records strokes without a 2D context and
 * `toDataURL` gives {@link FAKE_SIGNATURE_PNG}.
 */
export function fakeSignatureCanvas(): void {
  const canvasProto = HTMLCanvasElement.prototype;
  const original = { getContext: canvasProto.getContext, toDataURL: canvasProto.toDataURL };
  beforeAll(() => {
    canvasProto.getContext = (() => null) as typeof canvasProto.getContext;
    canvasProto.toDataURL = () => FAKE_SIGNATURE_PNG;
  });
  afterAll(() => {
    canvasProto.getContext = original.getContext;
    canvasProto.toDataURL = original.toDataURL;
  });
}

/** One finger stroke across the signature field. */
export function drawSignature(): void {
  const canvas = screen.getByRole('img', { name: 'Unterschriftsfeld' });
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 10, clientY: 10, button: 0, pointerType: 'touch' });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 60, clientY: 40, pointerType: 'touch' });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch' });
}
