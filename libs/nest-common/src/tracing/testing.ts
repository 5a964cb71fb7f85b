import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { registeredLibraryInstrumentations, startTracing, type Tracing } from './tracing.js';

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

/**
 * Tests: applies the pg/ioredis/http instrumentations to modules loaded by Jest. Jest loads modules
 * through its own registry, not Node's `require`/`import`, so require-in-the-middle and
 * import-in-the-middle never see them (opentelemetry-js#3735); a service started by Node gets them
 * patched at load time. Pass each module's exports (CommonJS `module.exports`) by package name,
 * e.g. `{ pg: (await import('pg')).default }`; call after `startInMemoryTracing`.
 */
export function instrumentLoadedModules(modules: Record<string, unknown>): void {
  for (const instrumentation of registeredLibraryInstrumentations()) {
    const definitions = (
      instrumentation as { getModuleDefinitions?: () => Array<{ name: string; patch?: (m: unknown) => unknown }> }
    ).getModuleDefinitions?.();
    for (const definition of definitions ?? []) {
      const exports = modules[definition.name];
      if (exports) definition.patch?.(exports);
    }
  }
}
