export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

export const LOCATION_TIMEOUT_MS = 5000;

/**
 * One position reading for start/stop (never tracking in between). Resolves null when the browser
 * has no geolocation, the user refuses, or nothing arrives within 5 s: the entry works without it.
 */
export function getPositionOnce(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timeoutMs = LOCATION_TIMEOUT_MS,
): Promise<Position | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: Position | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    // Our own timer as well: some browsers never call back while the permission prompt is open.
    const timer = setTimeout(() => finish(null), timeoutMs);
    try {
      geolocation.getCurrentPosition(
        (pos) =>
          finish({
            latitude: pos.coords.latitude,
            longitude: pos.coords.longitude,
            accuracy: Number.isFinite(pos.coords.accuracy) ? Math.min(100_000, pos.coords.accuracy) : null,
          }),
        () => finish(null),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      finish(null);
    }
  });
}

/** Map link for a stored position (shown to the employee and the office). */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
