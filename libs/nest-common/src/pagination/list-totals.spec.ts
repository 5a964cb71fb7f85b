import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { ListTotals } from './list-totals.js';

/** A manager outside a transaction: `invalidate` drops the totals at once. */
const noTransaction = { queryRunner: undefined } as unknown as EntityManager;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ListTotals', () => {
  it('counts once for calls that miss at the same time, and keeps the total', async () => {
    const totals = new ListTotals();
    const gate = deferred<number>();
    let counts = 0;
    const count = () => {
      counts += 1;
      return gate.promise;
    };
    const calls = Array.from({ length: 20 }, () => totals.get('c1', 'quotes', { status: null }, count));
    gate.resolve(42);
    expect(await Promise.all(calls)).toEqual(Array(20).fill(42));
    expect(counts).toBe(1);
    expect(await totals.get('c1', 'quotes', { status: null }, count)).toBe(42);
    expect(counts).toBe(1);
  });

  it('does not share a count across filters or companies', async () => {
    const totals = new ListTotals();
    const seen: string[] = [];
    const count = (label: string, n: number) => async () => {
      seen.push(label);
      return n;
    };
    const [a, b, c] = await Promise.all([
      totals.get('c1', 'quotes', { status: 'draft' }, count('c1 draft', 1)),
      totals.get('c1', 'quotes', { status: 'sent' }, count('c1 sent', 2)),
      totals.get('c2', 'quotes', { status: 'draft' }, count('c2 draft', 3)),
    ]);
    expect([a, b, c]).toEqual([1, 2, 3]);
    expect(seen.sort()).toEqual(['c1 draft', 'c1 sent', 'c2 draft']);
  });

  it('a call after a write counts anew instead of joining the count that started before it', async () => {
    const totals = new ListTotals();
    const before = deferred<number>();
    const first = totals.get('c1', 'invoices', null, () => before.promise);
    totals.invalidate(noTransaction, 'c1', 'invoices');
    const second = totals.get('c1', 'invoices', null, async () => 8);
    before.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(8);
    // The count from before the write is not kept; the one after it is.
    expect(await totals.get('c1', 'invoices', null, async () => 99)).toBe(8);
  });

  it('a failed count reaches every waiting call and is not kept', async () => {
    const totals = new ListTotals();
    const gate = deferred<number>();
    const calls = [1, 2, 3].map(() => totals.get('c1', 'reports', null, () => gate.promise));
    gate.reject(new Error('Verbindung verloren'));
    for (const call of calls) await expect(call).rejects.toThrow('Verbindung verloren');
    expect(await totals.get('c1', 'reports', null, async () => 5)).toBe(5);
  });
});
