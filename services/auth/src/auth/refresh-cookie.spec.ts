import { describe, expect, it } from '@jest/globals';
import { readCookie } from './refresh-cookie.js';

describe('readCookie', () => {
  it('finds the named cookie among others', () => {
    expect(readCookie('a=1; zunft_refresh=abc-DEF_123; b=2', 'zunft_refresh')).toBe('abc-DEF_123');
    expect(readCookie('zunft_refresh_old=x', 'zunft_refresh')).toBeNull();
    expect(readCookie('zunft_refresh=', 'zunft_refresh')).toBeNull();
    expect(readCookie('zunft_refresh=%E0%A4%A', 'zunft_refresh')).toBeNull();
  });
});
