import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';

/**
 * The `total` of a paginated list without `count(*)` over the company on every request: counted
 * once per (company, list, filter) and kept in this process's memory for `ttlMs` (10 s), dropped
 * at once when the list's table is written in that company.
 *
 * Every repository write of a listed table calls `invalidate(manager, companyId, list)`. It drops
 * the company's totals of that list right away and, when the write runs in a transaction, once
 * more after the commit (a count that ran between the write and the commit saw the old rows).
 * A total counted while an invalidation happened is not stored.
 *
 * Why memory and not Redis or a counter table: one process answers a user's list calls in a row,
 * a counter table would need one row per filter combination (status × user × project) updated in
 * every write transaction, and the service has no Redis connection today. With several replicas a
 * write on replica A reaches replica B's cached totals only after the TTL: the total shown may be
 * up to 10 s old there (the rows themselves are always current).
 */
export class ListTotals {
  private readonly cache = new Map<string, { total: number; generation: number; expires: number }>();
  private readonly generations = new Map<string, number>();
  /** Counts under way, per filter and generation: concurrent misses wait for the same one. */
  private readonly counting = new Map<string, Promise<number>>();
  private readonly installed = new WeakSet<object>();
  private static readonly PENDING = Symbol('listTotals.pending');

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  private static listKey(companyId: string, list: string): string {
    return `${companyId}|${list}`;
  }

  /** The cached total, or `count()` (stored when no write of that list happened meanwhile). */
  async get(companyId: string, list: string, filter: unknown, count: () => Promise<number>): Promise<number> {
    const listKey = ListTotals.listKey(companyId, list);
    const key = `${listKey}|${JSON.stringify(filter ?? null)}`;
    const generation = this.generations.get(listKey) ?? 0;
    const hit = this.cache.get(key);
    const now = Date.now();
    if (hit && hit.generation === generation && hit.expires > now) return hit.total;
    // One count per miss, not one per request: at 200 list calls a second, an expired or dropped
    // total would otherwise be counted by every call that arrives while the first count runs (a
    // pile-up of the same slow query that starves the pool). Calls after a write of the list have
    // a new generation and count anew.
    const flight = `${key}|${generation}`;
    const running = this.counting.get(flight);
    if (running) return running;
    const counted = (async () => {
      try {
        const total = await count();
        if ((this.generations.get(listKey) ?? 0) === generation) {
          if (this.cache.size >= this.maxEntries) this.sweep(Date.now());
          this.cache.set(key, { total, generation, expires: Date.now() + this.ttlMs });
        }
        return total;
      } finally {
        this.counting.delete(flight);
      }
    })();
    this.counting.set(flight, counted);
    return counted;
  }

  /** Drops the company's totals of `list` now and, inside a transaction, again after its commit. */
  invalidate(manager: EntityManager, companyId: string, list: string): void {
    this.bump(companyId, list);
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return;
    this.install(manager.connection);
    const data = runner.data as Record<symbol, Array<[string, string]> | undefined>;
    (data[ListTotals.PENDING] ??= []).push([companyId, list]);
  }

  /**
   * A number that changes with every invalidation of the company's `list`: what else a service
   * keeps about the list (the keyset's deep page anchors) compares it to know it is still valid.
   */
  generation(companyId: string, list: string): number {
    return this.generations.get(ListTotals.listKey(companyId, list)) ?? 0;
  }

  /** Forgets everything (tests, benchmarks). */
  clear(): void {
    this.cache.clear();
  }

  private bump(companyId: string, list: string): void {
    const listKey = ListTotals.listKey(companyId, list);
    this.generations.set(listKey, (this.generations.get(listKey) ?? 0) + 1);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.cache) if (entry.expires <= now) this.cache.delete(key);
    if (this.cache.size >= this.maxEntries) this.cache.clear();
  }

  private install(dataSource: DataSource): void {
    if (this.installed.has(dataSource)) return;
    this.installed.add(dataSource);
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        const data = event.queryRunner.data as Record<symbol, Array<[string, string]> | undefined>;
        const pending = data[ListTotals.PENDING];
        if (!pending) return;
        delete data[ListTotals.PENDING];
        for (const [companyId, list] of pending) this.bump(companyId, list);
      },
      afterTransactionRollback: (event) => {
        const data = event.queryRunner.data as Record<symbol, Array<[string, string]> | undefined>;
        delete data[ListTotals.PENDING];
      },
    };
    dataSource.subscribers.push(subscriber);
  }
}
