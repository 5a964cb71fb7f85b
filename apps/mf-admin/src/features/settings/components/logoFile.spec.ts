import { describe, expect, it } from '@jest/globals';
import { checkLogoFile } from './logoFile';

const MB = 1024 * 1024;

describe('checkLogoFile', () => {
  it('accepts jpeg, png, gif and webp up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/jpg']) {
      expect(checkLogoFile({ name: 'logo', type, size: 5 * MB })).toBeNull();
    }
  });

  it('rejects larger files and other types', () => {
    expect(checkLogoFile({ name: 'logo.png', type: 'image/png', size: 5 * MB + 1 })).toBe('tooLarge');
    expect(checkLogoFile({ name: 'logo.svg', type: 'image/svg+xml', size: 1000 })).toBe('badType');
    expect(checkLogoFile({ name: 'logo.pdf', type: 'application/pdf', size: 1000 })).toBe('badType');
  });

  it('judges files without a MIME type by their extension', () => {
    expect(checkLogoFile({ name: 'Logo.JPEG', type: '', size: 1000 })).toBeNull();
    expect(checkLogoFile({ name: 'logo.bmp', type: '', size: 1000 })).toBe('badType');
  });
});
