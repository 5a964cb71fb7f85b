import { SpanKind } from '@opentelemetry/api';
import { currentRequestId, runWithRequestContext } from '../http/request-context.js';
import { contextFromTraceparent, currentTraceparent, withSpan } from './tracing.js';

/**
 * What a BullMQ job carries of its producer's request: the W3C `traceparent` and the request id,
 * under one key of the job data next to the payload (the job's own schema strips it before the
 * handler sees the data). Ids only, never a secret.
 */
export const JOB_TRACE_KEY = '_trace';

export interface JobTrace {
  traceparent?: string;
  requestId?: string;
}

/** The job data with the caller's trace and request id added (unchanged when there are none). */
export function withJobTrace<T extends object>(data: T): T {
  const traceparent = currentTraceparent();
  const requestId = currentRequestId();
  if (!traceparent && !requestId) return data;
  const trace: JobTrace = {};
  if (traceparent) trace.traceparent = traceparent;
  if (requestId) trace.requestId = requestId;
  return { ...data, [JOB_TRACE_KEY]: trace };
}

/** The trace a job's data carries, or an empty one. */
export function jobTraceOf(data: unknown): JobTrace {
  if (!data || typeof data !== 'object') return {};
  const trace = (data as Record<string, unknown>)[JOB_TRACE_KEY];
  if (!trace || typeof trace !== 'object') return {};
  const { traceparent, requestId } = trace as Record<string, unknown>;
  return {
    ...(typeof traceparent === 'string' ? { traceparent } : {}),
    ...(typeof requestId === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(requestId) ? { requestId } : {}),
  };
}

/**
 * Runs a job's handler in a CONSUMER span that continues the producer's trace, with the producer's
 * request id in the log context (`<queue> <job name>`, e.g. `pdf-render render-pdf`).
 */
export function runInJobTrace<T>(queue: string, name: string, data: unknown, fn: () => Promise<T>): Promise<T> {
  const { traceparent, requestId } = jobTraceOf(data);
  const run = () =>
    withSpan(
      `${queue} ${name}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFromTraceparent(traceparent),
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.destination.name': queue,
          'messaging.operation.name': name,
        },
      },
      fn,
    );
  return requestId ? runWithRequestContext({ requestId }, run) : run();
}
