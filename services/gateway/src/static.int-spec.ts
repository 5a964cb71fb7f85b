import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from './errors.js';
import { precompressDir } from './precompress.js';
import { CACHE_IMMUTABLE } from './static.js';
import { createClient, makeTempDir, startGateway, type TestGateway } from './testing/gateway.js';
import { startUpstream, type TestUpstream } from './testing/upstream.js';

/** The app shell's inline script (apps/shell/src/app-shell) stands for any inline script of index.html. */
const APP_SHELL_SCRIPT = '(function(){document.body.dataset.shell="1"})();';
const INDEX_HTML = `<!doctype html><html lang="de"><head><title>Zunft</title></head><body><div id="root"></div><script>${APP_SHELL_SCRIPT}</script></body></html>`;
/** The shell's public site (apps/shell/src/site), its own build in dist/site/. */
const SITE_HTML = `<!doctype html><html lang="de"><head><title>Zunft – Handwerk</title></head><body>${'<p>Rapporte, Zeiterfassung und QR-Rechnungen</p>'.repeat(40)}</body></html>`;
const BIG_JS = `/* shell bundle */\n${'export const label = "Zeiterfassung";\n'.repeat(400)}`;
const MANIFEST = JSON.stringify({ id: 'admin', name: 'admin', metaData: { remoteEntry: { name: 'remoteEntry.js' } } });

async function put(root: string, file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

describe('static shell, remotes and runtime config', () => {
  const client = createClient();
  let tmp: { dir: string; remove(): Promise<void> };
  let auth: TestUpstream;
  let gateway: TestGateway;
  let shellDist: string;
  let adminDist: string;

  beforeAll(async () => {
    tmp = await makeTempDir('static');
    shellDist = path.join(tmp.dir, 'shell');
    adminDist = path.join(tmp.dir, 'mf-admin');
    await put(shellDist, 'index.html', INDEX_HTML);
    await put(shellDist, 'site/index.html', SITE_HTML);
    await put(shellDist, 'static/js/main.1a2b3c4d.js', 'console.log("main")');
    await put(shellDist, 'static/js/vendor.9f8e7d6c5b4a.js', BIG_JS);
    await put(shellDist, 'static/css/app.0badc0de.css', 'body{margin:0}');
    await put(shellDist, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await put(shellDist, '.env', 'SECRET=1');
    await put(adminDist, 'mf-manifest.json', MANIFEST);
    await put(adminDist, 'remoteEntry.js', 'var admin = {};');
    await put(adminDist, 'static/js/async/812.abcdef12.js', 'console.log("chunk")');
    await precompressDir(shellDist);

    auth = await startUpstream('auth');
    gateway = await startGateway({
      AUTH_SERVICE_URL: auth.url,
      SHELL_DIST: shellDist,
      REMOTE_DIRS: `admin:${adminDist}`,
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), client.close()]);
    await tmp.remove();
  });

  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it.each(['/', '/pricing', '/about', '/?utm_source=flyer'])(
    'serves the public site at %s with Cache-Control no-cache',
    async (route) => {
      const res = await client.send(gateway.url + route, { headers: html });
      expect(res.status).toBe(200);
      expect(res.text).toBe(SITE_HTML);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the public site precompressed (brotli) like every asset', async () => {
    const res = await client.send(`${gateway.url}/`, { headers: { ...html, 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SITE_HTML);
  });

  it.each(['/app', '/app/users', '/settings', '/signature/abc123', '/login?redirect=%2Fapp'])(
    'falls back to index.html for the SPA route %s',
    async (route) => {
      const res = await client.send(gateway.url + route, { headers: html });
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('does not fall back for non-HTML requests, missing files or other methods', async () => {
    const json = await client.send(`${gateway.url}/app/users`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(json.json()).toMatchObject({ error: MESSAGES.notFound });
    const missingAsset = await client.send(`${gateway.url}/static/js/missing.12345678.js`, { headers: html });
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.json()).toMatchObject({ error: MESSAGES.fileNotFound });
    const post = await client.send(`${gateway.url}/app/users`, { method: 'POST', headers: html, body: '' });
    expect(post.status).toBe(404);
  });

  it('does not answer /api paths with the SPA even for browsers', async () => {
    const res = await client.send(`${gateway.url}/api/nope`, { headers: html });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: MESSAGES.unknownApiPath });
  });

  it('caches hashed assets for a year (immutable) and revalidates unhashed files', async () => {
    const hashed = await client.send(`${gateway.url}/static/js/main.1a2b3c4d.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    const css = await client.send(`${gateway.url}/static/css/app.0badc0de.css`);
    expect(css.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    const favicon = await client.send(`${gateway.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect(favicon.headers.etag).toBeDefined();
  });

  it('answers a conditional request for index.html with 304', async () => {
    const first = await client.send(`${gateway.url}/login`, { headers: html });
    const again = await client.send(`${gateway.url}/login`, {
      headers: { ...html, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
  });

  it('serves precompressed brotli/gzip variants when the browser accepts them', async () => {
    const br = await client.send(`${gateway.url}/static/js/vendor.9f8e7d6c5b4a.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(br.body.length).toBeLessThan(BIG_JS.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);

    const gz = await client.send(`${gateway.url}/static/js/vendor.9f8e7d6c5b4a.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);

    const plain = await client.send(`${gateway.url}/static/js/vendor.9f8e7d6c5b4a.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BIG_JS);
  });

  it('never serves dotfiles or files outside the build folder', async () => {
    expect((await client.send(`${gateway.url}/.env`)).status).toBe(404);
    for (const attempt of [
      '/%2e%2e/%2e%2e/package.json',
      '/static/..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
    ]) {
      const res = await client.send(gateway.url + attempt);
      expect([400, 403, 404]).toContain(res.status);
      expect(res.text).not.toContain('"name"');
    }
  });

  it('serves a remote under /remotes/<name>/ with CORS and no-cache on its manifest and entry', async () => {
    const manifest = await client.send(`${gateway.url}/remotes/admin/mf-manifest.json`, {
      headers: { origin: 'https://other.example' },
    });
    expect(manifest.status).toBe(200);
    expect(manifest.text).toBe(MANIFEST);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const entry = await client.send(`${gateway.url}/remotes/admin/remoteEntry.js`);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cache-control']).toBe('no-cache');

    const chunk = await client.send(`${gateway.url}/remotes/admin/static/js/async/812.abcdef12.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe(CACHE_IMMUTABLE);
  });

  it('answers 404 (never the SPA) for unknown files under /remotes', async () => {
    for (const url of [
      '/remotes/admin/missing.js',
      '/remotes/admin/users',
      '/remotes/time/mf-manifest.json',
      '/remotes',
    ]) {
      const res = await client.send(gateway.url + url, { headers: html });
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: MESSAGES.fileNotFound });
    }
  });

  it('serves /config/remotes.json from the environment, not cached', async () => {
    const res = await client.send(`${gateway.url}/config/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ admin: '/remotes/admin/mf-manifest.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sets the security headers on pages, assets and API answers', async () => {
    for (const url of ['/', '/pricing', '/login', '/static/js/main.1a2b3c4d.js', '/api/users', '/api/nope']) {
      const res = await client.send(gateway.url + url, { headers: html });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      // index.html's inline script by its hash, nothing inline beyond it
      expect(csp).toContain(`'sha256-${createHash('sha256').update(APP_SHELL_SCRIPT).digest('base64')}'`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('runtime config with remotes on other origins and https', () => {
  const client = createClient();
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startGateway({
      PUBLIC_URL: 'https://app.zunft.ch',
      REMOTE_ADMIN_URL: '/remotes/admin/mf-manifest.json',
      REMOTE_TIME_URL: 'https://cdn.zunft.ch/mf-time/mf-manifest.json',
      REMOTE_BILLING_URL: 'https://billing-remote.zunft.ch:8443/mf-manifest.json',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await client.close();
  });

  it('lists every configured remote in remotes.json', async () => {
    const res = await client.send(`${gateway.url}/config/remotes.json`);
    expect(res.json()).toEqual({
      admin: '/remotes/admin/mf-manifest.json',
      time: 'https://cdn.zunft.ch/mf-time/mf-manifest.json',
      billing: 'https://billing-remote.zunft.ch:8443/mf-manifest.json',
    });
  });

  it('allows the remote origins in the CSP and sends HSTS on https', async () => {
    const res = await client.send(`${gateway.url}/config/remotes.json`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.zunft.ch https://billing-remote.zunft.ch:8443");
    expect(csp).toContain("connect-src 'self' https://cdn.zunft.ch https://billing-remote.zunft.ch:8443");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it.each(['/app', '/', '/pricing'])(
    'answers %s with 503 and a German message while the shell is not built',
    async (route) => {
      const res = await client.send(gateway.url + route, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({ error: MESSAGES.shellMissing });
    },
  );
});
