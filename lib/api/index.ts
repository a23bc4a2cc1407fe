// The HTTP API beside the pages: runs and their event streams for API tokens and sessions.
import "server-only";
export { streamRunEvents, streamRunStatuses } from "./run-events-api";
export { getRunStatus, postRun } from "./runs-api";
export { authenticateRequest, jsonError, type RequestAuth } from "./request-viewer";
export { refuseCrossSiteRequest } from "./same-origin";
export { readLimitedText } from "./request-body";
