export { CreateEventTables1763700000000 } from './create-event-tables.migration.js';
export { CreateDeadLetterEvents1795877505209 } from './dead-letter.migration.js';
export { AddOutboxTraceContext1795888535469 } from './outbox-trace.migration.js';
export {
  eventMetrics,
  listDeadLetters,
  recordDeadLetter,
  replayDeadLetters,
  type DeadLetter,
  type DeadLetterInput,
} from './dead-letters.js';
export { EVENT_ENTITIES, EVENT_MIGRATIONS } from './event-tables.js';
export { isEventType, parseDomainEvent, type DomainEvent, type ParseEventResult } from './domain-event.js';
export { enqueueEvent, enqueueEvents, InvalidEventError, type EnqueueEventInput } from './enqueue-event.js';
export { DUPLICATE_WINDOW_MS, EventsConnection } from './events.connection.js';
export { EventsModule, type EventsModuleAsyncOptions } from './events.module.js';
export { NATS_READINESS_CHECKS } from './events.readiness.js';
export {
  EVENTS_OPTIONS,
  resolveEventsOptions,
  streamLimitsFromEnv,
  type EventsModuleOptions,
  type StreamLimits,
  type ResolvedEventsOptions,
} from './events.options.js';
export { IdempotentConsumer } from './idempotent-consumer.js';
export { OutboxEventEntity } from './outbox-event.entity.js';
export { OutboxRelay } from './outbox-relay.js';
export { ProcessedEventEntity } from './processed-event.entity.js';
export {
  DEFAULT_RPC_TIMEOUT_MS,
  RPC_REQUEST_ID_HEADER,
  RpcClient,
  RpcInvalidReplyError,
  RpcNoRespondersError,
  RpcRemoteError,
  RpcResponder,
  RpcTimeoutError,
  RpcUnavailableError,
  requestReply,
  type RequestReplyOptions,
  type RpcUnavailableReason,
} from './request-reply.js';
export { subjectMatches } from './subjects.js';
