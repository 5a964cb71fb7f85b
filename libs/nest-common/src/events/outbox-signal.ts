import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/**
 * Lets `enqueueEvent` wake the relay as soon as the enqueuing transaction commits, so events go
 * out without waiting for the next poll. Purely an optimisation: the poll loop finds every row anyway.
 */
type Listener = () => void;

/** Query runners whose open transaction enqueued at least one event. */
const pending = new WeakSet<QueryRunner>();
const listeners = new WeakMap<DataSource, Set<Listener>>();

class OutboxCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit(event: TransactionCommitEvent): void {
    // commit of a nested transaction (savepoint) leaves the outer one active: wait for the real commit
    if (event.queryRunner.isTransactionActive || !pending.has(event.queryRunner)) return;
    pending.delete(event.queryRunner);
    notify(event.dataSource);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) pending.delete(event.queryRunner);
  }
}

function notify(dataSource: DataSource): void {
  for (const listener of listeners.get(dataSource) ?? []) listener();
}

/** Called by `enqueueEvent` after inserting an outbox row with `manager`. */
export function signalEnqueued(manager: EntityManager): void {
  const queryRunner = manager.queryRunner;
  if (queryRunner?.isTransactionActive) pending.add(queryRunner);
  else notify(manager.dataSource); // auto-committed insert: visible right away
}

/**
 * Whether the open transaction of `queryRunner` enqueued an outbox event (a domain change that
 * publishes itself): the support audit records a support session's write in that transaction.
 */
export function hasEnqueuedEvent(queryRunner: QueryRunner | undefined): boolean {
  return queryRunner !== undefined && pending.has(queryRunner);
}

/** Registers a relay's wake-up; returns the unregister function. */
export function onOutboxCommitted(dataSource: DataSource, listener: Listener): () => void {
  let set = listeners.get(dataSource);
  if (!set) {
    set = new Set();
    listeners.set(dataSource, set);
  }
  if (!dataSource.subscribers.some((s) => s instanceof OutboxCommitSubscriber)) {
    dataSource.subscribers.push(new OutboxCommitSubscriber());
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size > 0) return;
    const index = dataSource.subscribers.findIndex((s) => s instanceof OutboxCommitSubscriber);
    if (index >= 0) dataSource.subscribers.splice(index, 1);
  };
}
