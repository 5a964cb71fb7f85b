import { describe, expect, it } from '@jest/globals';
import { zip } from '../../test/support/zip.js';
import { isZip, zipEntries, ZipError } from './zip-entries.js';

describe('zipEntries', () => {
  it('reads stored and deflated files, skips directories', () => {
    const archive = zip([
      { name: 'a.xml', data: Buffer.from('<a/>') },
      { name: 'dir/', data: Buffer.alloc(0) },
      { name: 'dir/b.xml', data: Buffer.from('<b>'.repeat(100)), deflate: true },
    ]);
    expect(isZip(archive)).toBe(true);
    expect(isZip(Buffer.from('<?xml'))).toBe(false);
    expect(zipEntries(archive, 1_000_000).map((f) => [f.name, f.data.toString()])).toEqual([
      ['a.xml', '<a/>'],
      ['dir/b.xml', '<b>'.repeat(100)],
    ]);
  });

  it('stops at the size limit and refuses a broken archive', () => {
    const archive = zip([{ name: 'big.xml', data: Buffer.alloc(10_000, 65), deflate: true }]);
    expect(() => zipEntries(archive, 1000)).toThrow(ZipError);
    expect(() => zipEntries(Buffer.from('PK\x03\x04 broken'), 1000)).toThrow(ZipError);
  });
});
