import { describe, expect, it } from '@jest/globals';
import { TIMEZONES, ianaTimeZone } from './common.js';

describe('ianaTimeZone', () => {
  it('maps every offered time-zone setting to a zone Intl accepts', () => {
    for (const setting of TIMEZONES) {
      const zone = ianaTimeZone(setting);
      expect(() => new Intl.DateTimeFormat('de-CH', { timeZone: zone })).not.toThrow();
    }
    expect(ianaTimeZone('Europe/Geneva')).toBe('Europe/Zurich');
    expect(ianaTimeZone('Europe/Zurich')).toBe('Europe/Zurich');
    expect(ianaTimeZone(null)).toBe('Europe/Zurich');
  });
});
