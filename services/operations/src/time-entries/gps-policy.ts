import type { Gps } from './time-entries.repository.js';

const NO_POSITION: Gps = { latitude: null, longitude: null, accuracy: null };

/**
 * The position a time entry may keep (issue 14): the one sent at start/stop, or none at all when
 * the company has not allowed it (`gps_enabled`, off by default). A position sent anyway, e.g. by
 * an outdated app or an offline entry queued before the setting was switched off, is dropped and
 * never stored.
 */
export function allowedGps(settings: { gps_enabled: boolean }, gps: Gps): Gps {
  return settings.gps_enabled ? gps : { ...NO_POSITION };
}
