import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing, type Tracing } from './tracing.js';

export type FinishedSpan = ReadableSpan;

export interface InMemoryTracing {
  tracing: Tracing;
  /** Every span ended so far. */
  spans(): FinishedSpan[];
  /** The ended spans of one trace. */
  trace(traceId: string): FinishedSpan[];
  shutdown(): Promise<void>;
}

/** Tests: tracing on in this process with the SDK's in-memory exporter (every span at once). */
export async function startInMemoryTracing(service: string): Promise<InMemoryTracing> {
  const { InMemorySpanExporter } = await import('@opentelemetry/sdk-trace');
  const exporter = new InMemorySpanExporter();
  const tracing = await startTracing({ service, exporter });
  return {
    tracing,
    spans: () => exporter.getFinishedSpans(),
    trace: (traceId) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId),
    shutdown: () => tracing.shutdown(),
  };
}
