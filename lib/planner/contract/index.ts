// The HTTP contract of POST /api/routines/[id]/optimize: the request, the NDJSON progress events and their reader.
// Safe in the browser: the optimize dialog imports it.
export * from "./contract";
export { readEventStream } from "./event-stream";
