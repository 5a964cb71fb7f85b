import { CreateEventTables1763700000000 } from './create-event-tables.migration.js';
import { CreateDeadLetterEvents1795877505209 } from './dead-letter.migration.js';
import { AddOutboxTraceContext1795888535469 } from './outbox-trace.migration.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { ProcessedEventEntity } from './processed-event.entity.js';

/** Add to the TypeORM `entities`, so schema diffs and migration generation know the event tables. */
export const EVENT_ENTITIES = [OutboxEventEntity, ProcessedEventEntity];

/** Add to the TypeORM `migrations` before the service's own ones. */
export const EVENT_MIGRATIONS = [
  CreateEventTables1763700000000,
  CreateDeadLetterEvents1795877505209,
  AddOutboxTraceContext1795888535469,
];
