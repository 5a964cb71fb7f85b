export {
  contextFromTraceparent,
  currentTraceIds,
  currentTraceparent,
  failSpan,
  logTraceIds,
  otlpTracesUrl,
  SpanKind,
  startServerSpan,
  startTracing,
  TRACEPARENT_HEADER,
  tracingEnabled,
  withSpan,
  type ServerSpan,
  type SpanOptions,
  type Tracing,
  type TracingOptions,
} from './tracing.js';
export { httpTracingMiddleware } from './http-tracing.js';
export { JOB_TRACE_KEY, jobTraceOf, runInJobTrace, withJobTrace, type JobTrace } from './job-trace.js';
