// The run event union and its SSE encoding, shared by the engine, the stream route and the run view.
export * from "./run-events";
export * from "./sse";
export { RunEventBus, runEventBus } from "./bus";
