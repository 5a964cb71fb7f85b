// Zunft service worker, built on Workbox. The shell build bundles this file into /sw.js
// (tools/rspack/service-worker-plugin.ts: own compilation, target webworker, minified) and injects
// the build's precache manifest for `self.__WB_MANIFEST` (the shell's and the public site's files,
// each with a revision or a hashed name), so every shell build with other files is a new worker.
// What it does (the routes in the order they are tried):
// - install: precaches the shell (workbox-precaching) and, best effort, every remote that
//   /config/remotes.json points to (its mf-manifest.json, remoteEntry.js and the chunks of its
//   exposed modules; their manifests are registered at run time, so no build knows them);
// - navigations: network first (3 s), else the precached index.html: the app opens without reception;
// - read-only API answers a field worker needs (projects, time entries, schedule, materials,
//   profile): network first, the last answer when offline, kept per user (token subject); deleted
//   on sign-out (CLEAR_USER_DATA);
// - remote manifests, remoteEntry.js, remotes.json, *.webmanifest: network first;
// - the precached shell files, then every other file: cache first (hashed files kept once fetched);
// - Background Sync: a `sync` event asks the open app windows to replay (sw-logic.ts); the worker
//   never sends anything itself and holds no token;
// - update: the new worker waits until the page asks it to take over ("Neue Version verfügbar –
//   neu laden", service-worker.ts), then the page reloads once.
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import { matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  API_TIMEOUT_MS,
  HASHED_FILE,
  MUTABLE_FILE,
  NAVIGATION_TIMEOUT_MS,
  apiCacheKey,
  keepsApiAnswer,
  remoteFiles,
  replayThroughWindows,
  userOf,
  type RemoteManifest,
  type SyncWindow,
} from './sw-logic';

/** The parts of the worker's global scope used here (the shell's TypeScript knows the DOM only). */
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageWorkerEvent extends WorkerEvent {
  data: unknown;
}
interface SyncWorkerEvent extends WorkerEvent {
  tag: string;
  lastChance: boolean;
}
interface WorkerScope {
  location: Location;
  /** This worker's registration: `active` is the version controlling the pages. */
  registration: { active: ServiceWorker | null };
  /** This worker itself (Chromium 125+). */
  serviceWorker?: ServiceWorker;
  skipWaiting(): Promise<void>;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<SyncWindow[]> };
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageWorkerEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncWorkerEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

// Precache: zunft-shell-<scope>. Earlier workers kept the shell in zunft-shell-<version>.
setCacheNameDetails({ prefix: 'zunft', precache: 'shell' });
const REMOTES = 'zunft-remotes';
const API = 'zunft-api';

const OFFLINE_TEXT = 'Keine Verbindung. Bitte später erneut versuchen.';

/** Keeps only answers that arrived whole (2xx), never opaque or error pages. */
const okOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.ok ? response : null),
};

async function precacheRemotes(): Promise<void> {
  const cache = await caches.open(REMOTES);
  const configUrl = new URL('/config/remotes.json', worker.location.origin).href;
  const config = await fetch(configUrl, { cache: 'no-store' });
  if (!config.ok) return;
  await cache.put(configUrl, config.clone());
  const remotes = (await config.json()) as Record<string, unknown>;
  await Promise.all(
    Object.values(remotes).map(async (value) => {
      try {
        const manifestUrl = new URL(String(value), worker.location.origin).href;
        const response = await fetch(manifestUrl, { cache: 'no-store' });
        if (!response.ok) return;
        const files = remoteFiles(manifestUrl, (await response.clone().json()) as RemoteManifest);
        await cache.put(manifestUrl, response);
        await Promise.all(
          files
            .filter((file) => file !== manifestUrl)
            .map(async (file) => {
              if (await cache.match(file)) return;
              const answer = await fetch(file, {
                mode: new URL(file).origin === worker.location.origin ? 'same-origin' : 'cors',
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

worker.addEventListener('install', (event) => {
  event.waitUntil(precacheRemotes().catch(() => undefined));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('zunft-shell-') && name !== cacheNames.precache)
          .map((name) => caches.delete(name)),
      );
      // The remotes may have changed with this version: fetch their current files.
      await precacheRemotes().catch(() => undefined);
    })(),
  );
});
clientsClaim();

/** Set when a newer version was told to take over (STEP_ASIDE, see the message handler). */
let steppingAside = false;

/**
 * How often and how long the waiting version repeats skipWaiting() until it is active. Chromium
 * activates it once the older version has gone idle and stopped; it asks the older one to stop
 * as soon as it is idle only when skipWaiting() is called and only if that one is running at the
 * time. A request of a page that reaches the older one while it stops starts it again, and the
 * new instance is no longer asked: the update then hung until Chromium's 5-minute limit (seen in
 * CI, and at will with a page fetching every few milliseconds). Every repetition asks again.
 */
const TAKE_OVER_INTERVAL_MS = 500;
const TAKE_OVER_LIMIT_MS = 60_000;

async function takeOver(): Promise<void> {
  const me = worker.serviceWorker;
  const until = Date.now() + TAKE_OVER_LIMIT_MS;
  do {
    void worker.skipWaiting();
    await new Promise((resolve) => setTimeout(resolve, TAKE_OVER_INTERVAL_MS));
  } while (me?.state === 'installed' && Date.now() < until);
}

worker.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // Only on the user's "neu laden": an update never takes over a page by itself.
  if (type === 'SKIP_WAITING') {
    // The older worker that still controls the pages stops answering API requests itself, so it
    // is idle sooner (its network-first answers wait up to 3 s for the network).
    const active = worker.registration.active;
    if (active && active !== worker.serviceWorker) {
      active.postMessage({ type: 'STEP_ASIDE' });
    }
    event.waitUntil(takeOver());
  }
  // A newer version takes over: API requests go to the network untouched until it has.
  if (type === 'STEP_ASIDE') steppingAside = true;
  // Sign-out: nothing of the previous user stays readable offline.
  if (type === 'CLEAR_USER_DATA') event.waitUntil(caches.delete(API));
});

worker.addEventListener('sync', (event) => {
  event.waitUntil(
    worker.clients
      .matchAll({ type: 'window' })
      .then((windows) => replayThroughWindows(windows, event.tag, { lastChance: event.lastChance })),
  );
});

// Navigations (not /api/): network first within 3 s, else the precached index.html.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_MS / 1000,
      plugins: [
        {
          handlerDidError: async () =>
            (await matchPrecache('/index.html')) ??
            new Response(OFFLINE_TEXT, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } }),
        },
      ],
    }),
    { denylist: [/^\/api\//] },
  ),
);

// Read-only API answers of a signed-in user: network first, kept under a per-user key. Requests
// without a user, and every other /api/ path, go to the network untouched.
registerRoute(
  ({ url, request, sameOrigin }) =>
    !steppingAside && sameOrigin && keepsApiAnswer(url) && userOf(request) !== undefined,
  new NetworkFirst({
    cacheName: API,
    networkTimeoutSeconds: API_TIMEOUT_MS / 1000,
    plugins: [
      okOnly,
      {
        cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url, userOf(request) ?? ''),
      },
    ],
  }),
);

// Names that never change (remotes.json, mf-manifest.json, remoteEntry.js, *.webmanifest): network
// first, else the remotes' cache, else the precached copy (manifest.webmanifest).
registerRoute(
  ({ url }) => MUTABLE_FILE.test(url.pathname),
  new NetworkFirst({
    cacheName: REMOTES,
    plugins: [okOnly, { handlerDidError: async ({ request }) => matchPrecache(request) }],
  }),
);

// The shell's files from the precache (cache first, revisioned).
// `self.__WB_MANIFEST` is spelt out: the build replaces exactly this text with the manifest.
precacheAndRoute((self as unknown as { __WB_MANIFEST: (PrecacheEntry | string)[] }).__WB_MANIFEST);

// Everything else but the API: cache first; a file with a hashed name is kept once fetched.
registerRoute(
  ({ url, sameOrigin }) => !(sameOrigin && url.pathname.startsWith('/api/')),
  new CacheFirst({
    cacheName: REMOTES,
    plugins: [
      {
        cacheWillUpdate: async ({ request, response }) =>
          response.ok && HASHED_FILE.test(new URL(request.url).pathname) ? response : null,
      },
    ],
  }),
);
