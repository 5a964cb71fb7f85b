// The Background Sync protocol between the shell's service worker (apps/shell/src/pwa/sw-logic.ts,
// bundled into /sw.js) and the page that replays mf-time's offline time-entry queue
// (apps/mf-time/src/features/time-tracking/offline/backgroundSync.ts). The page registers the tag;
// on the `sync` event the worker posts a SyncRequest with a MessageChannel port to every open
// window; the page that holds the queue replays it with its own session (the worker holds no token)
// and answers a SyncReply on the port.
//
// Sub-path export `@zunft/web-common/pwa`, with no imports: the service worker bundles it, and the
// package root would bring React, i18next and the session into /sw.js.
//
// The values cross versions: until the user takes an update, the worker of one release talks to the
// pages of another. Change them only with a fallback for the other side.

/** The tag of the time-entry queue's sync registration. */
export const TIME_QUEUE_SYNC_TAG = 'zunft-time-queue';

/** The worker asks a window to replay `tag`; the window answers on the message's port. */
export const SYNC_REQUEST = 'ZUNFT_SYNC';
export interface SyncRequest {
  type: typeof SYNC_REQUEST;
  tag: string;
}

/** `ok: false`: the replay stopped for lack of connection (the browser should try again). */
export interface SyncReply {
  ok: boolean;
}

/**
 * How long the worker waits for a window's answer: without one by then (no window shows a page that
 * replays) the event fails and the browser retries it.
 */
export const SYNC_REPLY_TIMEOUT_MS = 60_000;

/** What the worker posts to a window for a `sync` event of `tag`. */
export function syncRequest(tag: string): SyncRequest {
  return { type: SYNC_REQUEST, tag };
}

/** Whether a message the page received is the worker's request to replay `tag`. */
export function isSyncRequest(data: unknown, tag: string): data is SyncRequest {
  const message = data as Partial<SyncRequest> | null | undefined;
  return message?.type === SYNC_REQUEST && message.tag === tag;
}

/** Whether a window's answer says its replay reached the server. */
export function syncSucceeded(reply: unknown): boolean {
  return Boolean((reply as Partial<SyncReply> | null | undefined)?.ok);
}
