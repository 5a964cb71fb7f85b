// The decisions of the service worker (sw.ts) that need no worker to test: which requests go where,
// the per-user key of a kept API answer, the files of a remote, and how a Background Sync event is
// handed to the open app windows. Imported by sw.ts (bundled into /sw.js) and by the unit tests.
// The Background Sync messages are defined with the page's side in @zunft/web-common/pwa.
import { SYNC_REPLY_TIMEOUT_MS, syncRequest, syncSucceeded, type SyncRequest } from '@zunft/web-common/pwa';

/** Network first for navigations: after this long the cached index.html opens the app. */
export const NAVIGATION_TIMEOUT_MS = 3000;
/** Network first for the kept API answers. */
export const API_TIMEOUT_MS = 4000;

/** GET answers kept for offline reading (prefix match on the path). */
export const OFFLINE_API = [
  '/api/auth/profile',
  '/api/projects',
  '/api/time-entries',
  '/api/schedule',
  '/api/materials',
  '/api/companies/settings',
];
/** Files whose name never changes: always asked from the network first. */
export const MUTABLE_FILE = /(?:\/config\/remotes\.json|\/mf-manifest\.json|\/remoteEntry\.js|\/sw\.js|\.webmanifest)$/;
/** Files with a content hash in the name: cache first, kept once fetched. */
export const HASHED_FILE = /[.-][0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;

export function isOfflineApi(pathname: string): boolean {
  return OFFLINE_API.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Whether the service worker keeps this GET answer (network first, per user). Not the pages of a
 * keyset walk of the article list (`/api/materials?cursor=…`): mf-time's offline article copy walks
 * the catalogue in ~25 pages and keeps them in IndexedDB itself (issue 29); kept per URL here they
 * would only fill the cache with answers nobody asks for again. The walk's first page (no cursor)
 * is one URL like any list's and stays kept.
 */
export function keepsApiAnswer(url: Pick<URL, 'pathname' | 'searchParams'>): boolean {
  if (!isOfflineApi(url.pathname)) return false;
  const isMaterials = url.pathname === '/api/materials' || url.pathname.startsWith('/api/materials/');
  return !(isMaterials && url.searchParams.has('cursor'));
}

/** The token's subject: API answers are kept per user, never shown to the next one. */
export function userOf(request: Pick<Request, 'headers'>): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const token = header.replace(/^Bearer\s+/i, '');
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

/** The cache key of a kept API answer: its URL plus the user, so no user reads another's answer. */
export function apiCacheKey(url: string, user: string): string {
  const key = new URL(url);
  key.searchParams.set('__zunft_user', user);
  return key.href;
}

/** The part of a remote's mf-manifest.json read here. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: Partial<Record<'js' | 'css', { sync?: string[]; async?: string[] }>> }[];
}

/** Every file a remote needs to render its pages, from its manifest (shared fallbacks left out). */
export function remoteFiles(manifestUrl: string, manifest: RemoteManifest): string[] {
  const base = new URL('.', manifestUrl);
  const files = new Set([manifestUrl]);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.add(new URL((entry.path ? `${entry.path}/` : '') + entry.name, base).href);
  for (const exposed of manifest.exposes ?? []) {
    for (const kind of ['js', 'css'] as const) {
      const assets = exposed.assets?.[kind] ?? {};
      for (const file of [...(assets.sync ?? []), ...(assets.async ?? [])]) files.add(new URL(file, base).href);
    }
  }
  return [...files];
}

/** The part of a window client used to hand it a sync event. */
export interface SyncWindow {
  postMessage(message: SyncRequest, transfer: Transferable[]): void;
}

/**
 * Background Sync without tokens in the worker: every open window is asked to replay `tag` and
 * answers on a MessageChannel when its replay ended. Resolves when one window replayed; rejects
 * (the browser retries the event later) when there is no window, when every answering window's
 * replay stopped for lack of connection, or when no window answered in time. On the browser's
 * last attempt it resolves anyway: the next app start replays.
 */
export async function replayThroughWindows(
  windows: readonly SyncWindow[],
  tag: string,
  options: { lastChance?: boolean; timeoutMs?: number; channel?: () => MessageChannel } = {},
): Promise<void> {
  const { lastChance = false, timeoutMs = SYNC_REPLY_TIMEOUT_MS, channel = () => new MessageChannel() } = options;
  const replies = windows.map(
    (client) =>
      new Promise<void>((resolve, reject) => {
        const { port1, port2 } = channel();
        port1.onmessage = (event: MessageEvent<unknown>) => {
          port1.close();
          if (syncSucceeded(event.data)) resolve();
          else reject(new Error(`${tag}: Wiedergabe ohne Verbindung abgebrochen`));
        };
        client.postMessage(syncRequest(tag), [port2]);
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${tag}: kein Fenster hat geantwortet`)), timeoutMs);
  });
  try {
    if (replies.length === 0) throw new Error(`${tag}: kein offenes Fenster`);
    await Promise.race([Promise.any(replies), timeout]);
  } catch (error) {
    if (!lastChance) throw error;
  } finally {
    clearTimeout(timer);
  }
}
