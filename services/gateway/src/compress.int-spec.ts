import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './compress.js';
import { precompressDir } from './precompress.js';
import { CACHE_IMMUTABLE } from './static.js';
import { createClient, makeTempDir, startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

const INDEX_HTML = '<!doctype html><html lang="de"><head><title>Zunft</title></head><body></body></html>';
const CHUNK_JS = `/* remote chunk */\n${'export const label = "Arbeitszeit erfassen";\n'.repeat(300)}`;
/** An asset without .br/.gz siblings (e.g. a build without the precompress step). */
const LOOSE_SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;
const ENTRIES = Array.from({ length: 60 }, (_, i) => ({
  id: `0b0f5a52-8a52-4a4e-9d7e-${String(i).padStart(12, '0')}`,
  description: 'Küche Müller: Wasserleitung verlegt',
  startTime: '2026-11-24T07:00:00.000Z',
}));

describe('compression of assets and API answers', () => {
  const client = createClient();
  let tmp: { dir: string; remove(): Promise<void> };
  let operations: TestUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    tmp = await makeTempDir('compress');
    const shellDist = path.join(tmp.dir, 'shell');
    const timeDist = path.join(tmp.dir, 'mf-time');
    await mkdir(path.join(timeDist, 'static/js/async'), { recursive: true });
    await mkdir(shellDist, { recursive: true });
    await writeFile(path.join(shellDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(timeDist, 'static/js/async/512.0a1b2c3d.js'), CHUNK_JS);
    await precompressDir(timeDist);
    await writeFile(path.join(shellDist, 'logo.svg'), LOOSE_SVG);

    operations = await startUpstream('operations', (req, res) => {
      const url = req.url ?? '';
      if (url === '/api/time-entries') {
        const body = JSON.stringify({ data: ENTRIES, total: ENTRIES.length });
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
        });
        res.end(body);
        return true;
      }
      if (url === '/api/time-entries/active') {
        // Like Express/Nest: JSON answers carry their length.
        const body = JSON.stringify({ active: null });
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(body.length),
        });
        res.end(body);
        return true;
      }
      return false;
    });
    gateway = await startGateway({
      OPERATIONS_SERVICE_URL: operations.url,
      SHELL_DIST: shellDist,
      REMOTE_DIRS: `time:${timeDist}`,
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([operations.close(), client.close()]);
    await tmp.remove();
  });

  const chunkUrl = () => `${gateway.url}/remotes/time/static/js/async/512.0a1b2c3d.js`;

  it('answers a JS asset with Content-Encoding br when the browser asks for it', async () => {
    const res = await client.send(chunkUrl(), { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.body.length).toBeLessThan(CHUNK_JS.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(CHUNK_JS);
  });

  it('answers gzip when only gzip is accepted, and identity otherwise', async () => {
    const gz = await client.send(chunkUrl(), { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(CHUNK_JS);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const plain = await client.send(chunkUrl(), { headers });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(CHUNK_JS);
    }
  });

  it('compresses a large API JSON answer on the fly (br, else gzip, else identity)', async () => {
    const expected = { data: ENTRIES, total: ENTRIES.length };
    const br = await client.send(`${gateway.url}/api/time-entries`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(expected);

    const gz = await client.send(`${gateway.url}/api/time-entries`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(expected);

    const plain = await client.send(`${gateway.url}/api/time-entries`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(expected);
  });

  it('leaves answers below the threshold uncompressed', async () => {
    const res = await client.send(`${gateway.url}/api/time-entries/active`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ active: null });
  });

  it('compresses a text asset without precompressed siblings and weakens its ETag', async () => {
    const res = await client.send(`${gateway.url}/logo.svg`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.etag)).toMatch(/^W\//);
    expect(brotliDecompressSync(res.body).toString()).toBe(LOOSE_SVG);
    const again = await client.send(`${gateway.url}/logo.svg`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.status).toBe(304);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', undefined],
  ])('%p -> %p', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
