// In-memory ports for the engine's tests, other modules' tests and the runner benchmark.
export { FakeClock } from "./fake-clock";
export {
  FakeTools,
  hang,
  toolDefinition,
  toolError,
  toolOk,
  type FakeToolCall,
  type FakeToolHandler,
} from "./fake-tools";
export { MemoryRunStore, type MemoryRun, type NewMemoryRun } from "./memory-store";
export { obedientModel, scriptedModel, type ScriptedAnswer, type ScriptedModel } from "./scripted-model";
