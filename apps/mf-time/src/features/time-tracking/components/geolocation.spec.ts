import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { getPositionOnce } from './geolocation';

type Success = (pos: GeolocationPosition) => void;
type Failure = (err: GeolocationPositionError) => void;

function fakeGeolocation(behaviour: (ok: Success, fail: Failure) => void): Geolocation {
  return {
    getCurrentPosition: (ok: Success, fail?: Failure | null) => behaviour(ok, fail ?? (() => undefined)),
    watchPosition: () => 0,
    clearWatch: () => undefined,
  } as unknown as Geolocation;
}

describe('location at start (asked once, optional)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('returns the position when the user allows it', async () => {
    const geo = fakeGeolocation((ok) =>
      ok({ coords: { latitude: 46.948, longitude: 7.4474, accuracy: 12 } } as GeolocationPosition),
    );
    await expect(getPositionOnce(geo)).resolves.toEqual({ latitude: 46.948, longitude: 7.4474, accuracy: 12 });
  });

  it('returns null when refused or unavailable', async () => {
    const geo = fakeGeolocation((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError));
    await expect(getPositionOnce(geo)).resolves.toBeNull();
    await expect(getPositionOnce(undefined)).resolves.toBeNull();
  });

  it('gives up after 5 seconds when the browser never answers', async () => {
    jest.useFakeTimers();
    const result = getPositionOnce(fakeGeolocation(() => undefined));
    jest.advanceTimersByTime(5000);
    await expect(result).resolves.toBeNull();
  });
});
