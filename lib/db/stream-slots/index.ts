// The per-user cap of live run streams, shared by every web server process through the stream_slot table.
import "server-only";
export { createSharedStreamLimiter } from "./shared-stream-limiter";
export type { SharedStreamLimiter } from "./shared-stream-limiter";
export { refreshStreamSlots, STREAM_SLOT_REFRESH_MS, STREAM_SLOT_STALE_MS, takeStreamSlot } from "./stream-slots";
