import { describe, expect, it, jest } from '@jest/globals';
import {
  TIME_QUEUE_SYNC_TAG,
  isSyncRequest,
  syncRequest,
  type SyncReply,
  type SyncRequest,
} from '@zunft/web-common/pwa';
import {
  HASHED_FILE,
  MUTABLE_FILE,
  apiCacheKey,
  isOfflineApi,
  keepsApiAnswer,
  remoteFiles,
  replayThroughWindows,
  userOf,
  type SyncWindow,
} from './sw-logic';

const token = (payload: object) =>
  `Bearer x.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

/** A request's headers (jsdom has no Request). */
const withAuth = (header: string | null) => ({
  headers: { get: (name: string) => (name === 'authorization' ? header : null) } as Headers,
});

describe('service worker routes', () => {
  it('keeps the read-only answers a field worker needs, nothing else of the API', () => {
    expect(isOfflineApi('/api/projects')).toBe(true);
    expect(isOfflineApi('/api/projects/7/materials')).toBe(true);
    expect(isOfflineApi('/api/time-entries')).toBe(true);
    expect(isOfflineApi('/api/auth/profile')).toBe(true);
    expect(isOfflineApi('/api/projectsx')).toBe(false);
    expect(isOfflineApi('/api/invoices')).toBe(false);
    expect(isOfflineApi('/api/auth/login')).toBe(false);
  });

  it("keeps the article list, not the pages of the offline copy's catalogue walk (issue 29)", () => {
    const kept = (href: string) => keepsApiAnswer(new URL(href, 'https://app.zunft.ch'));
    expect(kept('/api/materials?pageSize=200')).toBe(true);
    expect(kept('/api/materials?page=2&pageSize=50&search=Kabel')).toBe(true);
    expect(kept('/api/materials/stats')).toBe(true);
    expect(kept('/api/materials?pageSize=200&cursor=eyJuIjoiS2FiZWwifQ')).toBe(false);
    expect(kept('/api/materials?cursor=abc')).toBe(false);
    // A cursor elsewhere is another list's paging and stays kept; other API paths never are.
    expect(kept('/api/time-entries?cursor=abc')).toBe(true);
    expect(kept('/api/invoices?pageSize=200')).toBe(false);
  });

  it('asks the network first for names that never change, keeps hashed names', () => {
    for (const path of [
      '/config/remotes.json',
      '/remotes/time/mf-manifest.json',
      '/remoteEntry.js',
      '/manifest.webmanifest',
    ]) {
      expect(MUTABLE_FILE.test(path)).toBe(true);
    }
    expect(MUTABLE_FILE.test('/main.3f2a1b9c.js')).toBe(false);
    expect(HASHED_FILE.test('/main.3f2a1b9c.js')).toBe(true);
    expect(HASHED_FILE.test('/assets/logo.0123abcd.svg')).toBe(true);
    expect(HASHED_FILE.test('/index.html')).toBe(false);
  });
});

describe('per-user API cache', () => {
  it("reads the user from the bearer token's subject (base64url)", () => {
    expect(userOf(withAuth(token({ sub: 'u>?>', companyId: 'c' })))).toBe('u>?>');
    expect(userOf(withAuth(token({ sub: 'u-1' })))).toBe('u-1');
  });

  it('has no user without a token, with a broken one or without a subject', () => {
    expect(userOf(withAuth(null))).toBeUndefined();
    expect(userOf(withAuth('Bearer kaputt'))).toBeUndefined();
    expect(userOf(withAuth(token({ sub: 42 })))).toBeUndefined();
  });

  it('keys an answer by URL and user, so the next user never reads it', () => {
    const url = 'http://zunft.test/api/time-entries?page=1';
    expect(apiCacheKey(url, 'a')).toBe('http://zunft.test/api/time-entries?page=1&__zunft_user=a');
    expect(apiCacheKey(url, 'a')).not.toBe(apiCacheKey(url, 'b'));
  });
});

describe('remote precache list', () => {
  it('names the manifest, remoteEntry.js and the sync and async files of every exposed module', () => {
    const files = remoteFiles('http://cdn.test/remotes/time/mf-manifest.json', {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          assets: {
            js: { sync: ['static/js/a.1234abcd.js'], async: ['static/js/b.1234abcd.js'] },
            css: { sync: ['c.css'] },
          },
        },
        { assets: { js: { sync: ['static/js/a.1234abcd.js'] } } },
      ],
    });
    expect(files).toEqual([
      'http://cdn.test/remotes/time/mf-manifest.json',
      'http://cdn.test/remotes/time/remoteEntry.js',
      'http://cdn.test/remotes/time/static/js/a.1234abcd.js',
      'http://cdn.test/remotes/time/static/js/b.1234abcd.js',
      'http://cdn.test/remotes/time/c.css',
    ]);
  });
});

describe('Background Sync through the open windows', () => {
  /** A MessageChannel whose port2 delivers to port1 at once. */
  function channel(): MessageChannel {
    const port1 = { onmessage: null as ((event: MessageEvent) => void) | null, close: jest.fn() };
    const port2 = { postMessage: (data: unknown) => port1.onmessage?.({ data } as MessageEvent) };
    return { port1, port2 } as unknown as MessageChannel;
  }

  /** A window that answers `reply` after its replay (or never, for null). */
  function appWindow(reply: SyncReply | null) {
    const requests: SyncRequest[] = [];
    const window: SyncWindow = {
      postMessage: (message, [port]) => {
        requests.push(message);
        if (reply) setTimeout(() => (port as MessagePort).postMessage(reply), 5);
      },
    };
    return { window, requests };
  }

  it('asks every window to replay the tag and ends when one replayed', async () => {
    const screen = appWindow({ ok: true });
    const other = appWindow(null);
    await expect(
      replayThroughWindows([other.window, screen.window], TIME_QUEUE_SYNC_TAG, { channel, timeoutMs: 1000 }),
    ).resolves.toBeUndefined();
    expect(screen.requests).toEqual([syncRequest(TIME_QUEUE_SYNC_TAG)]);
    expect(other.requests).toEqual(screen.requests);
    // What the page (mf-time's answerSyncRequests) takes for a request to replay its queue.
    expect(isSyncRequest(screen.requests[0], TIME_QUEUE_SYNC_TAG)).toBe(true);
  });

  it('fails (the browser retries) when the replay stopped for lack of connection', async () => {
    const screen = appWindow({ ok: false });
    await expect(
      replayThroughWindows([screen.window], TIME_QUEUE_SYNC_TAG, { channel, timeoutMs: 1000 }),
    ).rejects.toThrow();
  });

  it('fails without a window and when no window answers in time', async () => {
    await expect(replayThroughWindows([], TIME_QUEUE_SYNC_TAG, { channel, timeoutMs: 1000 })).rejects.toThrow(
      'kein offenes Fenster',
    );
    await expect(
      replayThroughWindows([appWindow(null).window], TIME_QUEUE_SYNC_TAG, { channel, timeoutMs: 20 }),
    ).rejects.toThrow('kein Fenster hat geantwortet');
  });

  it("ends on the browser's last attempt anyway: the next app start replays", async () => {
    await expect(
      replayThroughWindows([appWindow({ ok: false }).window], TIME_QUEUE_SYNC_TAG, {
        channel,
        timeoutMs: 1000,
        lastChance: true,
      }),
    ).resolves.toBeUndefined();
    await expect(replayThroughWindows([], TIME_QUEUE_SYNC_TAG, { channel, lastChance: true })).resolves.toBeUndefined();
  });
});
