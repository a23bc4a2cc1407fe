// The run event union and its SSE encoding, shared by the engine, the stream route and the run view.
export * from "./run-events";
export * from "./sse";
export { RunEventBus, runEventBus } from "./bus";
export { createRunEventStream, STREAM_PAGE_SIZE, type RunEventStreamOptions } from "./stream";
export {
  createSseStream,
  RECONNECT_DELAY_MS,
  STREAM_KEEP_ALIVE_MS,
  type SseChannel,
  type SseStreamOptions,
} from "./sse-stream";
export { StreamLimiter, runStreamLimiter, streamsPerUser } from "./stream-limits";
export {
  createRunStatusStream,
  encodeSseStatus,
  parseStatusUpdate,
  statusUpdateOf,
  type RunStatusUpdate,
} from "./status-stream";
