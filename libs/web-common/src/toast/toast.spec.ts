import { describe, expect, it } from '@jest/globals';
import { createToastBus, type ToastMessage } from './toast';

describe('toast bus', () => {
  it('delivers to subscribers and buffers (at most 20) until someone listens', () => {
    const bus = createToastBus(20);
    for (let i = 0; i < 25; i++) bus.info(`m${i}`);
    const seen: ToastMessage[] = [];
    const off = bus.subscribe((m) => seen.push(m));
    expect(seen).toHaveLength(20);
    expect(seen[0]?.text).toBe('m5');
    bus.success('Erfolgreich angemeldet!');
    expect(seen.at(-1)).toMatchObject({ type: 'success', text: 'Erfolgreich angemeldet!' });
    off();
    bus.error('later');
    expect(seen).toHaveLength(21);
  });
});
