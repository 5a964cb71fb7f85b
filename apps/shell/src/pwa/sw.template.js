// Zunft service worker, hand-written (no Workbox in the workspace). The shell build turns this
// template into /sw.js (tools/rspack/service-worker-plugin.ts): __ZUNFT_VERSION__ becomes the
// build's hash and __ZUNFT_PRECACHE__ the list of the shell's files, so every new shell build is a
// new service worker. What it does:
// - install: precaches the shell and, best effort, every remote that /config/remotes.json points
//   to (its mf-manifest.json, remoteEntry.js and the chunks of its exposed modules);
// - navigations: network first (3 s), else the cached index.html: the app opens without reception;
// - hashed files: cache first; remote manifests, remoteEntry.js, remotes.json: network first;
// - read-only API answers a field worker needs (projects, time entries, schedule, materials,
//   profile): network first, the last answer when offline, kept per user (token subject);
// - update: the new worker waits until the page asks it to take over ("Neue Version verfügbar –
//   neu laden", apps/shell/src/pwa/), then the page reloads once.
/* global self, caches, fetch, URL, Request, Response, atob, setTimeout, clearTimeout */
const VERSION = '__ZUNFT_VERSION__';
const SHELL_FILES = __ZUNFT_PRECACHE__;
const PRECACHE = `zunft-shell-${VERSION}`;
const REMOTES = 'zunft-remotes';
const API = 'zunft-api';
const NAVIGATION_TIMEOUT_MS = 3000;
const API_TIMEOUT_MS = 4000;

/** GET answers kept for offline reading (prefix match on the path). */
const OFFLINE_API = [
  '/api/auth/profile',
  '/api/projects',
  '/api/time-entries',
  '/api/schedule',
  '/api/materials',
  '/api/companies/settings',
];
/** Files whose name never changes: always asked from the network first. */
const MUTABLE_FILE = /(?:\/config\/remotes\.json|\/mf-manifest\.json|\/remoteEntry\.js|\/sw\.js|\.webmanifest)$/;
const HASHED_FILE = /[.-][0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Every file a remote needs to render its pages, from its manifest (shared fallbacks left out). */
function remoteFiles(manifestUrl, manifest) {
  const base = new URL('.', manifestUrl);
  const files = new Set([manifestUrl]);
  const entry = manifest.metaData && manifest.metaData.remoteEntry;
  if (entry && entry.name) files.add(new URL((entry.path ? `${entry.path}/` : '') + entry.name, base).href);
  for (const exposed of manifest.exposes || []) {
    for (const kind of ['js', 'css']) {
      const assets = (exposed.assets && exposed.assets[kind]) || {};
      for (const file of [...(assets.sync || []), ...(assets.async || [])]) files.add(new URL(file, base).href);
    }
  }
  return [...files];
}

async function precacheRemotes() {
  const cache = await caches.open(REMOTES);
  const configUrl = new URL('/config/remotes.json', self.location.origin).href;
  const config = await fetch(configUrl, { cache: 'no-store' });
  if (!config.ok) return;
  await cache.put(configUrl, config.clone());
  const remotes = await config.json();
  await Promise.all(
    Object.values(remotes).map(async (value) => {
      try {
        const manifestUrl = new URL(String(value), self.location.origin).href;
        const response = await fetch(manifestUrl, { cache: 'no-store' });
        if (!response.ok) return;
        const files = remoteFiles(manifestUrl, await response.clone().json());
        await cache.put(manifestUrl, response);
        await Promise.all(
          files
            .filter((file) => file !== manifestUrl)
            .map(async (file) => {
              if (await cache.match(file)) return;
              const answer = await fetch(file, {
                mode: new URL(file).origin === self.location.origin ? 'same-origin' : 'cors',
              });
              if (answer.ok) await cache.put(file, answer);
            }),
        );
      } catch {
        // One remote down must not stop the others (nor the installation).
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll(SHELL_FILES.map((file) => new Request(file, { cache: 'reload' })));
      await precacheRemotes().catch(() => undefined);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('zunft-shell-') && name !== PRECACHE).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
      // The remotes may have changed with this version: fetch their current files.
      await precacheRemotes().catch(() => undefined);
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'SKIP_WAITING') self.skipWaiting();
  // Sign-out: nothing of the previous user stays readable offline.
  if (type === 'CLEAR_USER_DATA') event.waitUntil(caches.delete(API));
});

/** The token's subject: API answers are kept per user, never shown to the next one. */
function userOf(request) {
  const header = request.headers.get('authorization') || '';
  const token = header.replace(/^Bearer\s+/i, '');
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

async function networkFirstApi(request) {
  const user = userOf(request);
  if (!user) return fetch(request);
  const key = new URL(request.url);
  key.searchParams.set('__zunft_user', user);
  const cache = await caches.open(API);
  try {
    const response = await withTimeout(fetch(request), API_TIMEOUT_MS);
    if (response.ok) await cache.put(key.href, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key.href);
    if (cached) return cached;
    throw error;
  }
}

async function navigation(request) {
  try {
    return await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
  } catch {
    const cached = (await caches.match('/index.html', { cacheName: PRECACHE })) || (await caches.match('/index.html'));
    if (cached) return cached;
    return new Response('Keine Verbindung. Bitte später erneut versuchen.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}

async function networkFirst(request) {
  const cache = await caches.open(REMOTES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && HASHED_FILE.test(new URL(request.url).pathname)) {
    const cache = await caches.open(REMOTES);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && url.origin === self.location.origin && !url.pathname.startsWith('/api/')) {
    event.respondWith(navigation(request));
    return;
  }
  if (url.origin === self.location.origin && url.pathname.startsWith('/api/')) {
    if (OFFLINE_API.some((prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
      event.respondWith(networkFirstApi(request));
    }
    return;
  }
  if (MUTABLE_FILE.test(url.pathname)) {
    event.respondWith(networkFirst(request));
    return;
  }
  event.respondWith(cacheFirst(request));
});
