// OpenTelemetry GenAI traces of runs (decision 0046): the standard SDK, started only when the standard OTEL_* variables
// name an OTLP endpoint; spans named and attributed by the GenAI semantic conventions (our own constants); a run's
// trace context, stored on the run, so every worker that executes part of it adds to one trace; W3C traceparent
// helpers; content on spans only when the deployer opts in, never a secret. Server only.
import "server-only";

export { ERROR_TYPE, GEN_AI, GEN_AI_OPERATION, GEN_AI_PROVIDER_OPENAI, ROUTINE_STUDIO } from "./attributes";
export {
  CAPTURE_CONTENT_VARIABLE,
  captureContentFrom,
  contentAttribute,
  isSecretKey,
  redactSecrets,
  redactText,
  REDACTED,
} from "./content";
export type { ExportCounts } from "./export-queue";
export {
  DEFAULT_SERVICE_NAME,
  flushTelemetry,
  isTracing,
  shutdownTelemetry,
  startTelemetry,
  telemetryConfig,
  telemetryStatus,
  type TelemetryConfig,
  type TelemetryStatus,
} from "./sdk";
export {
  traceChat,
  traceRunSegment,
  traceToolCall,
  type ChatTrace,
  type RunSegment,
  type SegmentEnd,
  type Settled,
  type ToolCallTrace,
} from "./spans";
export {
  activeRunTraceContext,
  callerTraceContext,
  formatTraceparent,
  newRunTraceContext,
  parseTraceparent,
  parseTracestate,
  readRunTraceContext,
  serializeRunTraceContext,
  type RunTraceContext,
  type TraceParent,
} from "./trace-context";
