// Background Sync for the offline queue, where the browser has it (SyncManager): after an entry is
// queued the page registers the tag; when the connection returns the service worker (shell,
// src/pwa/sw.ts) gets a `sync` event and asks the open windows to replay, over a MessageChannel.
// The page replays with its own session (the worker holds no token) and answers when the replay
// ended: `ok: false` when it stopped for lack of connection, so the browser tries the event again.
// Without SyncManager (or without an open window) the `online` event and the app start replay.
// The tag and the messages are defined with the worker's side in @zunft/web-common/pwa.
import { TIME_QUEUE_SYNC_TAG, isSyncRequest, type SyncReply } from '@zunft/web-common/pwa';
import type { ReplayResult } from './offlineQueue';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** The part of `navigator.serviceWorker` used here (a fake in tests). */
export interface SyncContainer {
  getRegistration(): Promise<SyncRegistration | undefined>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

function defaultContainer(): SyncContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? (navigator.serviceWorker as unknown as SyncContainer)
    : undefined;
}

const hasSyncManager = () => typeof globalThis !== 'undefined' && 'SyncManager' in globalThis;

/**
 * Asks the browser for a `sync` event once the connection is back. Resolves false where there is
 * no Background Sync (no SyncManager, no service worker, refused): `online` and the app start replay.
 */
export async function requestBackgroundSync(
  tag: string = TIME_QUEUE_SYNC_TAG,
  container: SyncContainer | undefined = defaultContainer(),
  available: () => boolean = hasSyncManager,
): Promise<boolean> {
  if (!container || !available()) return false;
  try {
    const registration = await container.getRegistration();
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers the service worker's requests to replay `tag` while the page can (the screen that holds
 * the signed-in user's queue is open). Returns the unsubscribe.
 */
export function answerSyncRequests(
  tag: string,
  replay: () => Promise<ReplayResult>,
  container: SyncContainer | undefined = defaultContainer(),
): () => void {
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const port = event.ports?.[0];
    if (!isSyncRequest(event.data, tag) || !port) return;
    const answer = (reply: SyncReply) => port.postMessage(reply);
    void replay().then(
      (result) => answer({ ok: !result.interrupted }),
      () => answer({ ok: false }),
    );
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
