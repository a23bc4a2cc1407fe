// The run event union and its SSE encoding, shared by the engine, the stream route and the run view.
export * from "./run-events";
export * from "./plan";
export * from "./sse";
export { RunEventBus, runEventBus } from "./bus";
export {
  startEventRelay,
  type EventRelay,
  type EventRelayOptions,
  type EventsAfter,
  type RelayReads,
} from "./event-relay";
export { createRunEventStream, STREAM_PAGE_SIZE, type RunEventStreamOptions } from "./stream";
export {
  ACCESS_ENDED,
  ACCESS_UNCHECKED,
  CLIENT_STOPPED_READING,
  createSseStream,
  RECONNECT_DELAY_MS,
  STREAM_KEEP_ALIVE_MS,
  type SseChannel,
  type SseStreamOptions,
} from "./sse-stream";
export {
  DEFAULT_STREAM_LIMITS,
  StreamLimiter,
  type StreamSlotLimiter,
  runStreamLimits,
  streamLimitsFromEnv,
  streamsPerUser,
  type StreamLimits,
} from "./stream-limits";
export {
  createRunStatusStream,
  encodeSseStatus,
  parseStatusUpdate,
  statusUpdateOf,
  type RunStatusStreamOptions,
  type RunStatusUpdate,
} from "./status-stream";
export {
  currentEventVersion,
  EVENT_VERSIONS,
  type EventTypeVersions,
  type EventVersionRegistry,
  type StoredEventData,
} from "./event-versions";
export {
  describeUnreadableEvents,
  isReadable,
  isUnreadable,
  partitionStoredEvents,
  readStoredRunEvent,
  readStreamedRunEvent,
  STORED_VERSION_KEY,
  storedEventPayload,
  type StoredEventRow,
  type StoredRunEvent,
  type UnreadableRunEvent,
} from "./stored-events";
