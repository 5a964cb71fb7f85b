/**
 * @jest-environment node
 */
// Node's MessageChannel: the messages are structured-cloned and the port transferred as in a browser.
import { describe, expect, it } from '@jest/globals';
import {
  SYNC_REQUEST,
  TIME_QUEUE_SYNC_TAG,
  isSyncRequest,
  syncRequest,
  syncSucceeded,
  type SyncReply,
} from './sync-protocol';

/**
 * One sync request from the worker's side to the page's side and back, as sw-logic.ts and
 * backgroundSync.ts use the protocol: the worker posts the request with a port, the page answers
 * `reply` on it when the request is for `pageTag`. Resolves with what the worker reads from the
 * answer, or 'keine Antwort' when the page did not answer.
 */
function roundTrip(message: unknown, pageTag: string, reply: SyncReply): Promise<boolean | 'keine Antwort'> {
  const window = new MessageChannel();
  const answer = new MessageChannel();
  return new Promise<boolean | 'keine Antwort'>((resolve) => {
    const timer = setTimeout(() => resolve('keine Antwort'), 200);
    window.port2.onmessage = (event: MessageEvent) => {
      const port = event.ports[0];
      if (!isSyncRequest(event.data, pageTag) || !port) return;
      port.postMessage(reply);
    };
    answer.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      resolve(syncSucceeded(event.data));
    };
    window.port1.postMessage(message, [answer.port2]);
  }).finally(() => {
    for (const port of [window.port1, window.port2, answer.port1]) port.close();
  });
}

describe('Background Sync protocol (service worker ↔ time-tracking page)', () => {
  it('keeps the values that workers and pages of other releases use', () => {
    // A worker of the previous release asks the pages of this one (and the other way round).
    expect(TIME_QUEUE_SYNC_TAG).toBe('zunft-time-queue');
    expect(SYNC_REQUEST).toBe('ZUNFT_SYNC');
    expect(syncRequest(TIME_QUEUE_SYNC_TAG)).toEqual({ type: 'ZUNFT_SYNC', tag: 'zunft-time-queue' });
  });

  it("carries the worker's request to the page and the page's answer back", async () => {
    await expect(roundTrip(syncRequest(TIME_QUEUE_SYNC_TAG), TIME_QUEUE_SYNC_TAG, { ok: true })).resolves.toBe(true);
    await expect(roundTrip(syncRequest(TIME_QUEUE_SYNC_TAG), TIME_QUEUE_SYNC_TAG, { ok: false })).resolves.toBe(false);
  });

  it("leaves the page silent for another tag and the worker's other messages", async () => {
    await expect(roundTrip(syncRequest('other'), TIME_QUEUE_SYNC_TAG, { ok: true })).resolves.toBe('keine Antwort');
    for (const message of [{ type: 'SKIP_WAITING' }, { type: 'STEP_ASIDE' }, { tag: TIME_QUEUE_SYNC_TAG }, null, 'x']) {
      expect(isSyncRequest(message, TIME_QUEUE_SYNC_TAG)).toBe(false);
    }
  });

  it('counts only an answer with ok as a replay that reached the server', () => {
    for (const reply of [{ ok: false }, {}, null, undefined, 'ok']) expect(syncSucceeded(reply)).toBe(false);
    expect(syncSucceeded({ ok: true })).toBe(true);
  });
});
