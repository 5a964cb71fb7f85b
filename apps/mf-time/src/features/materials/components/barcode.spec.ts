import { describe, expect, it } from '@jest/globals';
import { aMaterial } from '@zunft/web-common/testing';
import { materialByEan, validGtin } from './barcode';

describe('barcode', () => {
  it('checks the GS1 check digit of EAN-13, EAN-8 and UPC-A', () => {
    // 7 6 1 2 3 4 5 0 0 0 0 1 → 7+18+1+6+3+12+5+0+0+0+0+3 = 55 → check 5
    expect(validGtin('7612345000015')).toBe(true);
    expect(validGtin('7612345000016')).toBe(false);
    expect(validGtin('96385074')).toBe(true);
    expect(validGtin('036000291452')).toBe(true);
    expect(validGtin('12345')).toBe(false);
  });

  it('finds the active material with the code, a UPC-A also by its EAN-13 form', () => {
    const kabel = aMaterial({ id: 'k', ean: '7612345000015' });
    const upc = aMaterial({ id: 'u', ean: '0036000291452' });
    const inactive = aMaterial({ id: 'i', ean: '96385074', is_active: false });
    const list = [kabel, upc, inactive];
    expect(materialByEan(list, '7612345000015')?.id).toBe('k');
    expect(materialByEan(list, '036000291452')?.id).toBe('u');
    expect(materialByEan(list, '96385074')).toBeNull();
    expect(materialByEan(list, '4006381333931')).toBeNull();
  });
});
