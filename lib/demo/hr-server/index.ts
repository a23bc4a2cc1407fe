export { buildHrDataset, DATASET_SEED } from "./data/dataset";
export { createRandom, type Random } from "./data/random";
export { REFERENCE_DATE } from "./data/calendar";
export type { HrDataset } from "./data/types";
export { HrToolError } from "./errors";
export {
  MCP_PATH,
  SIDE_EFFECTS_PATH,
  startDemoHrHttpServer,
  type DemoHrHttpServer,
  type DemoHrHttpOptions,
} from "./http-server";
export { createDemoHrServer, DEMO_HR_SERVER_INFO } from "./server";
export { createToolLatency, type ToolDelay, type ToolLatency, type ToolLatencyOptions } from "./latency";
export { createHrStore, type HrStore, type OutboxMessage, type SideEffectCount } from "./store";
export {
  callHrTool,
  listHrTools,
  IDEMPOTENCY_META_KEY,
  IDEMPOTENCY_ARGUMENT,
  IDEMPOTENT_REPLAY_META_KEY,
  type HrCallOutcome,
} from "./tools";
